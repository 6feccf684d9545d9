import { sql } from 'drizzle-orm';
import { koboToNaira } from '@app/contract/money';
import type { TReferralFigures, TReferralStatsResponse } from '@app/contract/referrals';
import type { Db } from '../db/client.ts';
import { rowsOf } from './dashboards.ts';

type Row = { courseId: number; title: string; visits: number; sales: number; gross: string; extra: string };

const figures = (r: Pick<Row, 'visits' | 'sales' | 'gross' | 'extra'>): TReferralFigures => ({
  visits: Number(r.visits),
  sales: Number(r.sales),
  gross: koboToNaira(Number(r.gross)),
  extraEarnings: koboToNaira(Number(r.extra)),
});

/**
 * A tutor's referral figures per course (those with a visit or a referral sale) and in total: visits of their
 * links, referral sales not refunded, what buyers paid for them, and the extra net the referral fee left the tutor
 * (the usual fee less the referral fee, per sale).
 */
export async function referralStats(
  db: Db,
  scope: { tutorId: number; courseId?: number },
): Promise<Pick<TReferralStatsResponse, 'totals' | 'courses'>> {
  const only = (alias: string) =>
    scope.courseId === undefined ? sql`` : sql` and ${sql.raw(alias)}.course_id = ${scope.courseId}`;
  const rows = await rowsOf<Row>(
    db,
    sql`with v as (
          select v.course_id, count(*)::int as visits from referral_visits v
           where v.tutor_id = ${scope.tutorId}${only('v')} group by v.course_id),
        s as (
          select l.course_id, count(*)::int as sales, sum(l.gross_kobo) as gross, sum(ol.referral_extra_kobo) as extra
            from ledger_entries l join order_lines ol on ol.id = l.order_line_id
           where l.kind = 'sale' and l.tutor_id = ${scope.tutorId}${only('l')} and ol.referral_visit_id is not null
             and not exists (select 1 from ledger_entries r where r.order_line_id = l.order_line_id and r.kind = 'refund')
           group by l.course_id)
        select c.id as "courseId", c.title, coalesce(v.visits, 0) as visits, coalesce(s.sales, 0) as sales,
               coalesce(s.gross, 0)::text as gross, coalesce(s.extra, 0)::text as extra
          from courses c left join v on v.course_id = c.id left join s on s.course_id = c.id
         where (v.course_id is not null or s.course_id is not null)
         order by coalesce(s.extra, 0) desc, coalesce(v.visits, 0) desc, c.id`,
  );
  const sum = (k: 'visits' | 'sales' | 'gross' | 'extra') => rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    totals: figures({
      visits: sum('visits'),
      sales: sum('sales'),
      gross: String(sum('gross')),
      extra: String(sum('extra')),
    }),
    courses: rows.map((r) => ({ courseId: r.courseId, title: r.title, ...figures(r) })),
  };
}
