import { Link } from '@/components/Link.tsx';
import { COURSE_STATUSES } from '@app/contract/courses';
import { formatNaira } from '@/lib/money.ts';
import { displayName, firstName, useSession } from '@/lib/session.ts';
import { useTutorDashboard } from './api/dashboard.ts';
import { QaStats } from './components/QaStats.tsx';
import { ReferralStats } from './components/ReferralStats.tsx';
import { SalesCharts } from './components/SalesCharts.tsx';
import './dashboard.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** `/tutor`: the tutor's courses by status and what they have earned (their net). */
export default function TutorDashboard() {
  const t = useT();
  const session = useSession();
  const name = firstName(displayName(session));
  const dashboard = useTutorDashboard();
  const data = dashboard.data;
  const total = data ? COURSE_STATUSES.reduce((sum, s) => sum + data.statusCounts[s], 0) : 0;

  return (
    <section className="tutor-dashboard">
      <h1>{t('tutorDashboard.title')}</h1>
      {name && <p className="muted welcome-name">{t('tutorDashboard.welcome', { name })}</p>}
      {dashboard.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {dashboard.isError && (
        <p className="empty-state" role="alert">
          {t('tutorDashboard.loadFailed')}
        </p>
      )}
      {data && (
        <>
          <div className="stat-grid">
            <div className="surface stat-card stat-earnings">
              <p className="stat-label">{t('tutorDashboard.totalEarnings')}</p>
              <p className="stat-value">{formatNaira(data.totalEarnings)}</p>
              <p className="muted stat-hint">{t('tutorDashboard.earningsHint')}</p>
              <Link to="/tutor/earnings">{t('tutorDashboard.viewEarnings')}</Link>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">{t('tutorDashboard.buyers')}</p>
              <p className="stat-value">{data.buyerCount}</p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">{t('tutorDashboard.allCourses')}</p>
              <p className="stat-value">{total}</p>
              <Link to="/tutor/courses">{t('tutorDashboard.myCourses')}</Link>
            </div>
            <QaStats />
          </div>
          <h2>{t('tutorDashboard.byStatus')}</h2>
          <ul className="stat-grid status-counts" aria-label={t('tutorDashboard.byStatus')}>
            {COURSE_STATUSES.map((s) => (
              <li key={s} className="surface stat-card">
                <CourseStatus status={s} />
                <p className="stat-value">{data.statusCounts[s]}</p>
              </li>
            ))}
          </ul>
          {total > 0 && <ReferralStats />}
          {total > 0 && <SalesCharts />}
          {total === 0 && (
            <EmptyState
              message={t('tutorDashboard.noCourses')}
              to="/tutor/create-courses"
              action={t('tutorCourses.create')}
              className="empty-state"
            />
          )}
        </>
      )}
    </section>
  );
}
