import { sql } from 'drizzle-orm';
import type { TAdminStatsResponse, TDashboardPeriod } from '@app/contract/dashboards';
import type { Db } from '../db/client.ts';
import { dashboardWindow, fillBuckets, naira, type DashboardWindow } from '../presenters/dashboards.ts';
import { bucketSql, rowsOf } from './dashboards.ts';

const inWindow = (column: string, w: DashboardWindow) =>
  sql`${sql.raw(column)} >= ${w.start} and ${sql.raw(column)} < ${w.end}`;

/**
 * The marketplace's figures (`/dashboard/admin`): paid orders, their naira and the platform's fees, refunds, new
 * students and tutors by bucket; live courses by status; the median time from submission to review; the top courses
 * and tutors by naira in the window.
 */
export async function adminStats(
  db: Db,
  req: { period: TDashboardPeriod; from?: string; to?: string },
): Promise<Omit<TAdminStatsResponse, 'responseDto'>> {
  const w = dashboardWindow(req.period, req.from, req.to);
  const b = (col: string) => bucketSql(w.period, sql.raw(col));
  const top = (key: 'l.course_id' | 'l.tutor_id', name: string, join: string) =>
    rowsOf<{ id: number; name: string; sales: number; gross: string }>(
      db,
      sql`select ${sql.raw(key)} as id, ${sql.raw(name)} as name, count(*)::int as sales,
            sum(l.gross_kobo)::bigint as gross
          from ledger_entries l ${sql.raw(join)}
          where l.kind = 'sale' and ${inWindow('l.created_at', w)}
          group by 1, 2 order by gross desc, sales desc, id limit 5`,
    );
  const [orders, fees, refunds, people, statuses, median, courses, tutors] = await Promise.all([
    rowsOf<{ bucket: string; sales: number; gross: string }>(
      db,
      sql`select ${b('o.paid_at')} as bucket, count(*)::int as sales, sum(o.amount_kobo)::bigint as gross
          from orders o where o.paid_at is not null and ${inWindow('o.paid_at', w)} group by 1`,
    ),
    rowsOf<{ bucket: string; fees: string }>(
      db,
      sql`select ${b('l.created_at')} as bucket,
            sum(l.fee_kobo)::bigint as fees
          from ledger_entries l where ${inWindow('l.created_at', w)} group by 1`,
    ),
    rowsOf<{ bucket: string; refunds: string }>(
      db,
      sql`select ${b('r.decided_at')} as bucket, sum(r.amount_kobo)::bigint as refunds
          from refunds r where r.status = 'processed' and ${inWindow('r.decided_at', w)} group by 1`,
    ),
    rowsOf<{ bucket: string; newStudents: number; newTutors: number }>(
      db,
      sql`select ${b('a.created_at')} as bucket,
            count(*) filter (where a.role = 'user')::int as "newStudents",
            count(*) filter (where a.role = 'tutor')::int as "newTutors"
          from accounts a where ${inWindow('a.created_at', w)} group by 1`,
    ),
    rowsOf<{ status: string; count: number }>(
      db,
      sql`select status, count(*)::int as count from courses where deleted_at is null group by status order by status`,
    ),
    rowsOf<{ hours: number | null }>(
      db,
      sql`select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - coalesce(
              (select max(p.created_at) from course_status_history p
                where p.course_id = d.course_id and p.status = 'Pending' and p.created_at <= d.created_at),
              c.created_at)) / 3600)::float8 as hours
          from course_status_history d join courses c on c.id = d.course_id
          where d.admin_id is not null and d.status in ('Approved', 'Rejected') and ${inWindow('d.created_at', w)}`,
    ),
    top('l.course_id', 'c.title', 'join courses c on c.id = l.course_id'),
    top('l.tutor_id', 'a.full_name', 'join accounts a on a.id = l.tutor_id'),
  ]);
  const series = fillBuckets(
    w,
    [
      ...orders.map((o) => ({ bucket: o.bucket, sales: o.sales, gross: naira(o.gross) })),
      ...fees.map((f) => ({ bucket: f.bucket, fees: naira(f.fees) })),
      ...refunds.map((r) => ({ bucket: r.bucket, refunds: naira(r.refunds) })),
      ...people,
    ],
    { sales: 0, gross: 0, fees: 0, refunds: 0, newStudents: 0, newTutors: 0 },
  );
  const hours = median[0]?.hours;
  const asTop = (r: { id: number; name: string; sales: number; gross: string }) => ({
    id: r.id,
    name: r.name,
    sales: r.sales,
    gross: naira(r.gross),
  });
  return {
    period: w.period,
    series,
    coursesByStatus: statuses,
    medianReviewHours: hours === null || hours === undefined ? null : Math.round(hours * 10) / 10,
    topCourses: courses.map(asTop),
    topTutors: tutors.map(asTop),
  };
}
