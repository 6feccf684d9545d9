import { Link } from '@/components/Link.tsx';
import type { TCourseStatus } from '@app/contract/courses';
import { formatTimeCreated } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import { useAdminProfile } from './api/get-admin-profile.ts';
import './admin-dashboard.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { MarketCharts } from './components/MarketCharts.tsx';

const STATUS_ORDER: TCourseStatus[] = ['Pending', 'Approved', 'Rejected'];
/** The catalog key of each status's count label. */
const STATUS_KEYS: Record<TCourseStatus, string> = {
  Pending: 'adminDashboard.status.pending',
  Approved: 'adminDashboard.status.approved',
  Rejected: 'adminDashboard.status.rejected',
};

/** /admin: course counts by status and the newest courses, greeting the admin by name. */
export function AdminDashboard() {
  const t = useT();
  const profile = useAdminProfile();
  const dashboard = useAdminDashboard();

  if (profile.isError || dashboard.isError) {
    return (
      <section className="admin-dashboard">
        <h1>{t('adminDashboard.title')}</h1>
        <div className="empty-state" role="alert">
          <p>{t('adminDashboard.loadFailed')}</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              if (profile.isError) void profile.refetch();
              if (dashboard.isError) void dashboard.refetch();
            }}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      </section>
    );
  }
  if (!profile.data || !dashboard.data) return <p className="page-loading">{t('common.loading')}</p>;

  const { statusCounts, recentCourses } = dashboard.data;
  return (
    <section className="admin-dashboard">
      <h1>{t('adminDashboard.welcome', { name: profile.data.adminDto.fullName })}</h1>
      <p className="muted">{t('adminDashboard.intro')}</p>

      <ul className="admin-counts" aria-label={t('adminDashboard.byStatus')}>
        {STATUS_ORDER.map((s) => (
          <li key={s}>
            <Link to={`/admin/courses?status=${s}`} className={`surface admin-count admin-count-${s}`}>
              <span className="admin-count-number">{statusCounts[s]}</span>
              <span className="admin-count-label">{t(STATUS_KEYS[s])}</span>
            </Link>
          </li>
        ))}
      </ul>

      <MarketCharts />

      <div className="admin-recent-head">
        <h2>{t('adminDashboard.recent')}</h2>
        <Link to="/admin/courses">{t('adminDashboard.allCourses')}</Link>
      </div>
      {recentCourses.length === 0 ? (
        <p className="empty-state">{t('adminDashboard.empty')}</p>
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
