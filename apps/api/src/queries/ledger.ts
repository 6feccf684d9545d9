import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TPageRequest } from '@app/contract/common';
import type { Db, Tx } from '../db/client.ts';
import { ledgerEntries, orderLines, payoutItems, payouts } from '../db/schema-money.ts';
import { accounts, courses } from '../db/schema.ts';

/** The payout statuses that hold a ledger line (a failed or reversed payout frees its lines: owed again). */
// Correlated subqueries below name `ledger_entries.id` in full: drizzle leaves the columns of a single-table select
// unqualified, and inside the subquery a bare `id` would be the subquery's own.
export const LIVE_PAYOUT = sql.raw(`('pending', 'otp', 'success')`);

/**
 * Where a ledger line's net is: `settled` (split to the tutor in the payment), `paid_out` or `in_transfer` (covered
 * by a successful or a sending payout), otherwise `owed`.
 */
export const lineStatus = sql<string>`case when ${ledgerEntries.route} = 'split' then 'settled' else coalesce(
  (select case when p.status = 'success' then 'paid_out' else 'in_transfer' end
     from ${payoutItems} pi join ${payouts} p on p.id = pi.payout_id
    where pi.ledger_entry_id = ledger_entries.id and p.status in ${LIVE_PAYOUT}
    limit 1), 'owed') end`;

const kobo = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)::float8`.mapWith(Number);

/** A tutor's totals in kobo: owed, in transfer, paid out, split in the payment, refunded (positive). */
export async function ledgerTotals(db: Db, tutorId: number) {
  const lines = db
    .select({
      kind: ledgerEntries.kind,
      route: ledgerEntries.route,
      net: ledgerEntries.netKobo,
      status: lineStatus.as('status'),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tutorId, tutorId))
    .as('lines');
  const [row] = await db
    .select({
      owed: kobo(sql`sum(${lines.net}) filter (where ${lines.status} = 'owed')`),
      inTransfer: kobo(sql`sum(${lines.net}) filter (where ${lines.status} = 'in_transfer')`),
      paidOut: kobo(sql`sum(${lines.net}) filter (where ${lines.status} = 'paid_out')`),
      settledBySplit: kobo(sql`sum(${lines.net}) filter (where ${lines.status} = 'settled')`),
      refunded: kobo(sql`-sum(${lines.net}) filter (where ${lines.kind} = 'refund')`),
    })
    .from(lines);
  return row!;
}

/** A tutor's gross, fee and net per month (Lagos time, `YYYY-MM`), oldest first; refunds count in their month. */
export async function ledgerByMonth(db: Db, tutorId: number) {
  const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'Africa/Lagos', 'YYYY-MM')`;
  return db
    .select({
      month,
      gross: kobo(sql`sum(${ledgerEntries.grossKobo})`),
      fee: kobo(sql`sum(${ledgerEntries.feeKobo})`),
      net: kobo(sql`sum(${ledgerEntries.netKobo})`),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tutorId, tutorId))
    .groupBy(month)
    .orderBy(month);
}

/** A page of a tutor's ledger lines, newest first, with the course, the buyer's name and the line's status. */
export async function ledgerPage(db: Db, tutorId: number, page: TPageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        courseId: ledgerEntries.courseId,
        courseTitle: courses.title,
        buyerName: accounts.fullName,
        grossKobo: ledgerEntries.grossKobo,
        feeKobo: ledgerEntries.feeKobo,
        netKobo: ledgerEntries.netKobo,
        route: ledgerEntries.route,
        status: lineStatus,
        referral: sql<boolean>`${orderLines.referralVisitId} is not null`,
      })
      .from(ledgerEntries)
      .innerJoin(orderLines, eq(orderLines.id, ledgerEntries.orderLineId))
      .innerJoin(courses, eq(courses.id, ledgerEntries.courseId))
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.studentId))
      .where(eq(ledgerEntries.tutorId, tutorId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.tutorId, tutorId)),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}

/** A tutor's owed lines not held by a live payout (in the payer's transaction, after the account row's lock). */
export function owedLines(tx: Tx, tutorId: number) {
  return tx
    .select({ id: ledgerEntries.id, netKobo: ledgerEntries.netKobo })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tutorId, tutorId),
        eq(ledgerEntries.route, 'owed'),
        sql`not exists (select 1 from ${payoutItems} pi join ${payouts} p on p.id = pi.payout_id
                         where pi.ledger_entry_id = ledger_entries.id and p.status in ${LIVE_PAYOUT})`,
      ),
    );
}
