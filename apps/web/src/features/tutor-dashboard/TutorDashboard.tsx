import { Link } from 'react-router';
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

/** Says which figure "earnings" is, wherever the tutor sees one. */
export const EARNINGS_HINT = 'Your share after the platform fee and refunds';

/** `/tutor`: the tutor's courses by status and what they have earned (their net). */
export default function TutorDashboard() {
  const session = useSession();
  const name = firstName(displayName(session));
  const dashboard = useTutorDashboard();
  const data = dashboard.data;
  const total = data ? COURSE_STATUSES.reduce((sum, s) => sum + data.statusCounts[s], 0) : 0;

  return (
    <section className="tutor-dashboard">
      <h1>Dashboard</h1>
      {name && <p className="muted welcome-name">Welcome back, {name}.</p>}
      {dashboard.isPending && <p className="page-loading">Loading...</p>}
      {dashboard.isError && (
        <p className="empty-state" role="alert">
          Unable to get your dashboard at the moment, please try again later
        </p>
      )}
      {data && (
        <>
          <div className="stat-grid">
            <div className="surface stat-card stat-earnings">
              <p className="stat-label">Total earnings</p>
              <p className="stat-value">{formatNaira(data.totalEarnings)}</p>
              <p className="muted stat-hint">{EARNINGS_HINT}</p>
              <Link to="/tutor/earnings">View earnings</Link>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">Buyers</p>
              <p className="stat-value">{data.buyerCount}</p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">All courses</p>
              <p className="stat-value">{total}</p>
              <Link to="/tutor/courses">My courses</Link>
            </div>
            <QaStats />
          </div>
          <h2>Courses by status</h2>
          <ul className="stat-grid status-counts" aria-label="Courses by status">
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
              message="You have no courses yet."
              to="/tutor/create-courses"
              action="Create course"
              className="empty-state"
            />
          )}
        </>
      )}
    </section>
  );
}
