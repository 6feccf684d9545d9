import { Link } from '@/components/Link.tsx';
import { TableScroll } from '@/components/DataTable.tsx';
import { formatNaira } from '@/lib/money.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useReferralStats } from '../api/referrals.ts';

/**
 * "Referral links" on the tutor dashboard: visits through the tutor's links, referral sales (not refunded) and the
 * extra earnings they brought over the usual fee, in total and per course.
 */
export function ReferralStats() {
  const t = useT();
  const stats = useReferralStats();
  if (!stats.data) return null;
  const { totals, courses, referralFeePercent, platformFeePercent, days } = stats.data;
  return (
    <section className="referral-stats" aria-labelledby="referral-stats-title">
      <h2 id="referral-stats-title">{t('tutorDashboard.referral.title')}</h2>
      <p className="muted">
        {t('tutorDashboard.referral.terms', {
          days,
          referralFee: referralFeePercent,
          platformFee: platformFeePercent,
        })}{' '}
        <Link to="/tutor/courses">{t('tutorDashboard.referral.getLink')}</Link>
      </p>
      <div className="stat-grid">
        <div className="surface stat-card">
          <p className="stat-label">{t('tutorDashboard.referral.visitsTotal')}</p>
          <p className="stat-value">{totals.visits}</p>
        </div>
        <div className="surface stat-card">
          <p className="stat-label">{t('tutorDashboard.referral.salesTotal')}</p>
          <p className="stat-value">{totals.sales}</p>
        </div>
        <div className="surface stat-card stat-earnings">
          <p className="stat-label">{t('tutorDashboard.referral.extra')}</p>
          <p className="stat-value">{formatNaira(totals.extraEarnings)}</p>
          <p className="muted stat-hint">{t('tutorDashboard.referral.extraHint')}</p>
        </div>
      </div>
      {courses.length > 0 && (
        <TableScroll label={t('tutorDashboard.referral.byCourse')}>
          <table className="table table-cards referral-table">
            <caption className="visually-hidden">{t('tutorDashboard.referral.byCourse')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tutorDashboard.referral.course')}</th>
                <th scope="col">{t('tutorDashboard.referral.visits')}</th>
                <th scope="col">{t('tutorDashboard.referral.sales')}</th>
                <th scope="col">{t('tutorDashboard.referral.extra')}</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((c) => (
                <tr key={c.courseId}>
                  <th scope="row" className="table-card-title">
                    {c.title}
                  </th>
                  <td data-label={t('tutorDashboard.referral.visits')}>{c.visits}</td>
                  <td data-label={t('tutorDashboard.referral.sales')}>{c.sales}</td>
                  <td data-label={t('tutorDashboard.referral.extra')}>{formatNaira(c.extraEarnings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
