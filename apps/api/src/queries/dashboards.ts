import { sql, type SQL } from 'drizzle-orm';
import type { TDashboardPeriod, TTutorSalesResponse, TTutorStatsResponse } from '@app/contract/dashboards';
import type { Db } from '../db/client.ts';
import {
  dashboardWindow,
  fillBuckets,
  mean1,
  naira,
  type DashboardWindow,
} from '../presenters/dashboards.ts';

/** The bucket key of a timestamp column in Lagos time (presenters/dashboards.ts `bucketOf` in SQL). */
export function bucketSql(period: TDashboardPeriod, column: SQL): SQL<string> {
  if (period === 'month') return sql<string>`to_char(${column} at time zone 'Africa/Lagos', 'YYYY-MM')`;
  return sql<string>`to_char(date_trunc('${sql.raw(period)}', ${column} at time zone 'Africa/Lagos'), 'YYYY-MM-DD')`;
}

/** Rows of a raw statement (PGlite and pg answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Scope = { tutorId: number; courseId?: number };
const courseFilter = (alias: string, scope: Scope) =>
  scope.courseId === undefined ? sql`` : sql` and ${sql.raw(alias)}.course_id = ${scope.courseId}`;
const inWindow = (column: SQL, w: DashboardWindow) => sql`${column} >= ${w.start} and ${column} < ${w.end}`;

/**
 * The tutor's figures by bucket and in total (`/dashboard/tutor`): sales and revenue, gross and the tutor's net, from
 * the ledger (a refund line is negative and counts in its bucket), new students (enrolments), minutes watched (the server-seen coverage of
 * the lessons, by when it was last reported), the average of the reviews written, the completion rate and coupon uses.
 */
export async function tutorStats(
  db: Db,
  scope: Scope,
  req: { period: TDashboardPeriod; from?: string; to?: string },
): Promise<Omit<TTutorStatsResponse, 'responseDto'>> {
  const w = dashboardWindow(req.period, req.from, req.to);
  const b = (col: string) => bucketSql(w.period, sql.raw(col));
  const [money, students, watched, ratings, completion, coupons] = await Promise.all([
    rowsOf<{ bucket: string; sales: number; gross: string; net: string }>(
      db,
      sql`select ${b('l.created_at')} as bucket,
            count(*) filter (where l.kind = 'sale')::int as sales,
            sum(l.gross_kobo)::bigint as gross,
            sum(l.net_kobo)::bigint as net
          from ledger_entries l
          where l.tutor_id = ${scope.tutorId}${courseFilter('l', scope)} and ${inWindow(sql`l.created_at`, w)}
          group by 1`,
    ),
    rowsOf<{ bucket: string; newStudents: number }>(
      db,
      sql`select ${b('e.created_at')} as bucket, count(*)::int as "newStudents"
          from enrolments e join courses c on c.id = e.course_id
          where c.tutor_id = ${scope.tutorId}${courseFilter('e', scope)} and ${inWindow(sql`e.created_at`, w)}
          group by 1`,
    ),
    rowsOf<{ bucket: string; seconds: number }>(
      db,
      sql`select ${b('v.reported_at')} as bucket,
            coalesce(sum((select sum((r->>1)::float8 - (r->>0)::float8) from jsonb_array_elements(v.ranges) r)), 0)::float8 as seconds
          from watch_coverage v join courses c on c.id = v.course_id
          where c.tutor_id = ${scope.tutorId}${courseFilter('v', scope)} and ${inWindow(sql`v.reported_at`, w)}
          group by 1`,
    ),
    rowsOf<{ bucket: string; n: number; stars: number }>(
      db,
      sql`select ${b('r.created_at')} as bucket, count(*)::int as n, sum(r.rating)::int as stars
          from reviews r join courses c on c.id = r.course_id
          where c.tutor_id = ${scope.tutorId}${courseFilter('r', scope)} and r.hidden_at is null
            and ${inWindow(sql`r.created_at`, w)}
          group by 1`,
    ),
    rowsOf<{ students: number; complete: number }>(
      db,
      sql`with lessons as (
            select s.course_id, count(*)::int as n from series x join sections s on s.id = x.section_id
            join courses c on c.id = s.course_id
            where c.tutor_id = ${scope.tutorId}${courseFilter('s', scope)} group by s.course_id)
          select count(*)::int as students,
            count(*) filter (where l.n > 0 and (select count(*) from progress p
              where p.student_id = e.student_id and p.course_id = e.course_id and p.completed) >= l.n)::int as complete
          from enrolments e join courses c on c.id = e.course_id left join lessons l on l.course_id = e.course_id
          where c.tutor_id = ${scope.tutorId}${courseFilter('e', scope)}`,
    ),
    rowsOf<{ code: string; uses: number }>(
      db,
      sql`select k.code, count(*)::int as uses from coupon_redemptions r join coupons k on k.id = r.coupon_id
          where k.tutor_id = ${scope.tutorId}${courseFilter('k', scope)} and r.status = 'confirmed'
            and ${inWindow(sql`r.created_at`, w)}
          group by k.code order by uses desc, k.code`,
    ),
  ]);
  const series = fillBuckets(
    w,
    [
      ...money.map((m) => ({ bucket: m.bucket, sales: m.sales, gross: naira(m.gross), net: naira(m.net) })),
      ...students,
      ...watched.map((v) => ({ bucket: v.bucket, minutesWatched: Math.round(v.seconds / 60) })),
      ...ratings.map((r) => ({ bucket: r.bucket, averageRating: mean1(r.stars, r.n) })),
    ],
    { sales: 0, gross: 0, net: 0, newStudents: 0, minutesWatched: 0, averageRating: null as number | null },
  );
  const sum = (k: 'sales' | 'gross' | 'net' | 'newStudents' | 'minutesWatched') =>
    Math.round(series.reduce((s, x) => s + x[k], 0) * 100) / 100;
  const c = completion[0] ?? { students: 0, complete: 0 };
  return {
    period: w.period,
    series,
    totals: {
      sales: sum('sales'),
      gross: sum('gross'),
      net: sum('net'),
      newStudents: sum('newStudents'),
      minutesWatched: sum('minutesWatched'),
      completionRate: c.students > 0 ? Math.round((c.complete / c.students) * 1000) / 10 : null,
    },
    couponUses: coupons,
  };
}

/** Every sale of the tutor in the window, newest first, with its buyer, coupon and whether it was refunded (the CSVs). */
export async function tutorSales(
  db: Db,
  scope: Scope,
  req: { period: TDashboardPeriod; from?: string; to?: string },
): Promise<TTutorSalesResponse['sales']> {
  const w = dashboardWindow(req.period, req.from, req.to);
  const rows = await rowsOf<{
    at: Date | string;
    courseId: number;
    course: string;
    buyer: string;
    email: string;
    gross: string;
    fee: string;
    net: string;
    coupon: string | null;
    refunded: boolean;
    referral: boolean;
  }>(
    db,
    sql`select l.created_at as at, l.course_id as "courseId", c.title as course, a.full_name as buyer,
          a.email, l.gross_kobo as gross, l.fee_kobo as fee, l.net_kobo as net, k.code as coupon,
          exists (select 1 from ledger_entries r where r.order_line_id = l.order_line_id and r.kind = 'refund')
            as refunded,
          ol.referral_visit_id is not null as referral
        from ledger_entries l join courses c on c.id = l.course_id join accounts a on a.id = l.student_id
        join order_lines ol on ol.id = l.order_line_id left join coupons k on k.id = ol.coupon_id
        where l.kind = 'sale' and l.tutor_id = ${scope.tutorId}${courseFilter('l', scope)}
          and ${inWindow(sql`l.created_at`, w)}
        order by l.created_at desc, l.id desc`,
  );
  return rows.map((r) => ({
    date: new Date(r.at).toISOString(),
    courseId: r.courseId,
    course: r.course,
    buyer: r.buyer,
    email: r.email,
    gross: naira(r.gross),
    fee: naira(r.fee),
    net: naira(r.net),
    coupon: r.coupon,
    refunded: r.refunded,
    referral: r.referral,
  }));
}
