import { Link } from 'react-router';
import type { TCourseStatus } from '@app/contract/courses';
import { formatTimeCreated } from '@/lib/dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import { useAdminProfile } from './api/get-admin-profile.ts';
import './admin-dashboard.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { MarketCharts } from './components/MarketCharts.tsx';

const STATUS_ORDER: TCourseStatus[] = ['Pending', 'Approved', 'Rejected'];

/** /admin: course counts by status and the newest courses, greeting the admin by name. */
export function AdminDashboard() {
  const profile = useAdminProfile();
  const dashboard = useAdminDashboard();

  if (profile.isError || dashboard.isError) {
    return (
      <section className="admin-dashboard">
        <h1>Dashboard</h1>
        <div className="empty-state" role="alert">
          <p>Admin data not fetched</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              if (profile.isError) void profile.refetch();
              if (dashboard.isError) void dashboard.refetch();
            }}
          >
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (!profile.data || !dashboard.data) return <p className="page-loading">Loading...</p>;

  const { statusCounts, recentCourses } = dashboard.data;
  return (
    <section className="admin-dashboard">
      <h1>Welcome, {profile.data.adminDto.fullName}</h1>
      <p className="muted">Review new courses and decide what students can see.</p>

      <ul className="admin-counts" aria-label="Courses by status">
        {STATUS_ORDER.map((s) => (
          <li key={s}>
            <Link to={`/admin/courses?status=${s}`} className={`surface admin-count admin-count-${s}`}>
              <span className="admin-count-number">{statusCounts[s]}</span>
              <span className="admin-count-label">{s}</span>
            </Link>
          </li>
        ))}
      </ul>

      <MarketCharts />

      <div className="admin-recent-head">
        <h2>Recent courses</h2>
        <Link to="/admin/courses">All courses</Link>
      </div>
      {recentCourses.length === 0 ? (
        <p className="empty-state">No courses available at the moment.</p>
      ) : (
        <ul className="admin-recent">
          {recentCourses.map((c) => (
            <li key={c.id} className="admin-recent-item">
              <img src={c.courseImageUrl} alt="" loading="lazy" />
              <div className="admin-recent-text">
                <Link to={`/admin/view-course/${c.id}`} className="admin-recent-title">
                  {c.title}
                </Link>
                <span className="muted">
                  {c.author} · {formatNaira(c.nairaPrice)} · {formatTimeCreated(c.timeCreated)}
                </span>
              </div>
              <CourseStatus status={c.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
