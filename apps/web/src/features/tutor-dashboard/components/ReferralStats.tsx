import { Link } from 'react-router';
import { TableScroll } from '@/components/DataTable.tsx';
import { formatNaira } from '@/lib/money.ts';
import { useReferralStats } from '../api/referrals.ts';

/**
 * "Referral links" on the tutor dashboard: visits through the tutor's links, referral sales (not refunded) and the
 * extra earnings they brought over the usual fee, in total and per course.
 */
export function ReferralStats() {
  const stats = useReferralStats();
  if (!stats.data) return null;
  const { totals, courses, referralFeePercent, platformFeePercent, days } = stats.data;
  return (
    <section className="referral-stats" aria-labelledby="referral-stats-title">
      <h2 id="referral-stats-title">Referral links</h2>
      <p className="muted">
        Sales through your own course links within {days} days of a visit pay the platform{' '}
        {referralFeePercent}% instead of {platformFeePercent}%.{' '}
        <Link to="/tutor/courses">Get a course&apos;s link</Link>
      </p>
      <div className="stat-grid">
        <div className="surface stat-card">
          <p className="stat-label">Referral visits</p>
          <p className="stat-value">{totals.visits}</p>
        </div>
        <div className="surface stat-card">
          <p className="stat-label">Referral sales</p>
          <p className="stat-value">{totals.sales}</p>
        </div>
        <div className="surface stat-card stat-earnings">
          <p className="stat-label">Extra earnings</p>
          <p className="stat-value">{formatNaira(totals.extraEarnings)}</p>
          <p className="muted stat-hint">What you kept beyond the usual fee</p>
        </div>
      </div>
      {courses.length > 0 && (
        <TableScroll label="Referral figures by course">
          <table className="table table-cards referral-table">
            <caption className="visually-hidden">Referral figures by course</caption>
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Visits</th>
                <th scope="col">Sales</th>
                <th scope="col">Extra earnings</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((c) => (
                <tr key={c.courseId}>
                  <th scope="row" className="table-card-title">
                    {c.title}
                  </th>
                  <td data-label="Visits">{c.visits}</td>
                  <td data-label="Sales">{c.sales}</td>
                  <td data-label="Extra earnings">{formatNaira(c.extraEarnings)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
