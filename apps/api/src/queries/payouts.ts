import { and, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TPageRequest } from '@app/contract/common';
import type { Db, Tx } from '../db/client.ts';
import { ledgerEntries, payoutAccounts, payoutCodes, payoutItems, payouts } from '../db/schema-money.ts';
import { accounts } from '../db/schema.ts';
import { LIVE_PAYOUT } from './ledger.ts';

/** A tutor's payout account, or undefined. */
export async function payoutAccountOf(db: Db | Tx, tutorId: number) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutorId)).limit(1);
  return row;
}

/** A tutor's payout account locked (`FOR UPDATE`) until the caller's transaction ends: one payer at a time. */
export async function lockPayoutAccount(tx: Tx, tutorId: number) {
  const [row] = await tx
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.tutorId, tutorId))
    .for('update')
    .limit(1);
  return row;
}

/** The subaccount of each of `tutorIds` whose payout account may take splits now (a subaccount, past its hold). */
export async function splitSubaccounts(db: Db, tutorIds: number[]): Promise<Map<number, string>> {
  if (tutorIds.length === 0) return new Map();
  const rows = await db
    .select({ tutorId: payoutAccounts.tutorId, code: payoutAccounts.subaccountCode })
    .from(payoutAccounts)
    .where(and(inArray(payoutAccounts.tutorId, tutorIds), lte(payoutAccounts.holdUntil, sql`now()`)));
  return new Map(rows.flatMap((r) => (r.code ? [[r.tutorId, r.code] as const] : [])));
}

/** How many payout-account codes `tutorId` asked for within the last hour, and when the oldest of them was. */
export async function payoutCodesLastHour(
  db: Db,
  tutorId: number,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${payoutCodes.createdAt})` })
    .from(payoutCodes)
    .where(and(eq(payoutCodes.tutorId, tutorId), gt(payoutCodes.createdAt, sql`now() - interval '1 hour'`)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The newest payout-account code of `tutorId` (the only one that counts), or undefined. */
export async function newestPayoutCode(db: Db, tutorId: number) {
  const [row] = await db
    .select()
    .from(payoutCodes)
    .where(eq(payoutCodes.tutorId, tutorId))
    .orderBy(desc(payoutCodes.id))
    .limit(1);
  return row;
}

/**
 * A tutor's payout that was made but whose transfer is not known to have reached the provider (no transfer code
 * yet, still `pending`), in the payer's transaction.
 */
export async function unsentPayoutOf(tx: Tx, tutorId: number) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.tutorId, tutorId), eq(payouts.status, 'pending'), isNull(payouts.transferCode)))
    .orderBy(desc(payouts.id))
    .limit(1);
  return row;
}

/** A payout by our reference, or undefined. */
export async function payoutByReference(db: Db, reference: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference)).limit(1);
  return row;
}

/** A payout by our reference, locked until the caller's transaction ends; or undefined. */
export async function lockPayoutByReference(tx: Tx, reference: string) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(eq(payouts.reference, reference))
    .for('update')
    .limit(1);
  return row;
}

const owedSql = sql<number>`coalesce((select sum(le.net_kobo) from ${ledgerEntries} le
   where le.tutor_id = payout_accounts.tutor_id and le.route = 'owed'
     and not exists (select 1 from ${payoutItems} pi join ${payouts} p on p.id = pi.payout_id
                      where pi.ledger_entry_id = le.id and p.status in ${LIVE_PAYOUT})), 0)::float8`.mapWith(
  Number,
);

/** Tutors owed at least `minimumKobo` whose payout account is past its hold: the admin's payouts list. */
export async function owedTutors(db: Db, minimumKobo: number, page: TPageRequest) {
  const owed = db
    .select({
      tutorId: payoutAccounts.tutorId,
      fullName: accounts.fullName,
      email: accounts.email,
      bankName: payoutAccounts.bankName,
      accountNumber: payoutAccounts.accountNumber,
      accountName: payoutAccounts.accountName,
      owedKobo: owedSql.as('owed_kobo'),
    })
    .from(payoutAccounts)
    .innerJoin(accounts, eq(accounts.id, payoutAccounts.tutorId))
    .where(lte(payoutAccounts.holdUntil, sql`now()`))
    .as('owed');
  const due = sql`${owed.owedKobo} >= ${Math.max(1, minimumKobo)}`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(owed)
      .where(due)
      .orderBy(desc(owed.owedKobo), owed.tutorId)
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(owed).where(due),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}

/**
 * Owed balances the admin cannot pay yet, largest first (at most `limit`), and how many: a tutor owed more than
 * nothing with no payout account, an account still in its hold, or a balance under `minimumKobo`.
 */
export async function waitingBalances(db: Db, minimumKobo: number, limit = 100) {
  const balances = db
    .select({
      tutorId: ledgerEntries.tutorId,
      owedKobo: sql<number>`sum(${ledgerEntries.netKobo})::float8`.mapWith(Number).as('owed_kobo'),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.route, 'owed'),
        sql`not exists (select 1 from ${payoutItems} pi join ${payouts} p on p.id = pi.payout_id
                         where pi.ledger_entry_id = ledger_entries.id and p.status in ${LIVE_PAYOUT})`,
      ),
    )
    .groupBy(ledgerEntries.tutorId)
    .having(sql`sum(${ledgerEntries.netKobo}) > 0`)
    .as('balances');
  const waits = sql`(${payoutAccounts.id} is null or ${payoutAccounts.holdUntil} > now()
    or ${balances.owedKobo} < ${Math.max(1, minimumKobo)})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        tutorId: balances.tutorId,
        fullName: accounts.fullName,
        email: accounts.email,
        owedKobo: balances.owedKobo,
        holdUntil: payoutAccounts.holdUntil,
        bankName: payoutAccounts.bankName,
        accountNumber: payoutAccounts.accountNumber,
      })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.tutorId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.tutorId, balances.tutorId))
      .where(waits)
      .orderBy(desc(balances.owedKobo), balances.tutorId)
      .limit(limit),
    db
      .select({ n: count() })
      .from(balances)
      .leftJoin(payoutAccounts, eq(payoutAccounts.tutorId, balances.tutorId))
      .where(waits),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const payoutColumns = {
  id: payouts.id,
  reference: payouts.reference,
  tutorId: payouts.tutorId,
  tutorName: accounts.fullName,
  amountKobo: payouts.amountKobo,
  status: payouts.status,
  bankName: payouts.bankName,
  accountNumber: payouts.accountNumber,
  failureReason: payouts.failureReason,
  createdAt: payouts.createdAt,
  updatedAt: payouts.updatedAt,
};

/** Payouts by id with the tutor's name, newest first. */
export async function payoutsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(accounts, eq(accounts.id, payouts.tutorId))
    .where(inArray(payouts.id, ids))
    .orderBy(desc(payouts.id));
}

/** A page of every payout, newest first: the admin's history. */
export async function payoutHistory(db: Db, page: TPageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(accounts, eq(accounts.id, payouts.tutorId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(payouts),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}
