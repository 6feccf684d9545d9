import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { payoutAccounts, payoutItems, payouts } from '../db/schema-money.ts';
import { AppError } from '../errors.ts';
import { formatNaira } from '../presenters/payment.ts';
import { owedLines } from '../queries/ledger.ts';
import { lockPayoutAccount, unsentPayoutOf } from '../queries/payouts.ts';
import { notify } from './notify.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { applyTransferState, payoutStatusOf } from './payout-events.ts';

type Ctx = Pick<AppContext, 'db' | 'payments' | 'config' | 'log'>;
type Payout = typeof payouts.$inferSelect;
type PayoutAccount = typeof payoutAccounts.$inferSelect;

/** A payout whose send is older than this without an answer is taken to have died with its process. */
const SEND_LEASE_MS = 2 * 60 * 1000;

/** Our own transfer reference: lowercase letters, digits and '-', unique, as Paystack asks. */
export const newPayoutReference = () => `po-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;

/**
 * `POST /admin/payouts/pay`: pays each tutor's owed balance, one tutor at a time. For each, under the lock of the
 * tutor's payout account row: a payout still unsent from an earlier try is taken up again (same reference),
 * otherwise the owed lines not held by a live payout become a new payout with its items. After the commit the
 * transfer goes out under the payout's reference. A second payer waits for the lock, then finds the lines held
 * and pays nothing. Answers the ids of the payouts made or taken up.
 */
export async function payTutors(ctx: Ctx, admin: Account, tutorIds: number[], origin: AuditOrigin) {
  const ids: number[] = [];
  for (const tutorId of [...new Set(tutorIds)]) {
    const claim = await claimPayout(ctx, admin, tutorId, origin);
    if (!claim) continue;
    ids.push(claim.payout.id);
    await send(ctx, claim.payout, claim.account, claim.retry);
  }
  return ids;
}

async function claimPayout(ctx: Ctx, admin: Account, tutorId: number, origin: AuditOrigin) {
  return ctx.db.transaction(async (tx) => {
    const account = await lockPayoutAccount(tx, tutorId);
    if (!account || account.holdUntil.getTime() > Date.now()) return null;
    const unsent = await unsentPayoutOf(tx, tutorId);
    if (unsent) {
      // Its send ended in an error (or died): take it up again under the same reference. A send still running
      // belongs to its payer.
      const free = unsent.failureReason !== null || Date.now() - unsent.updatedAt.getTime() > SEND_LEASE_MS;
      if (!free) return null;
      const [taken] = await tx
        .update(payouts)
        .set({ failureReason: null, adminId: admin.id, updatedAt: sql`now()` })
        .where(eq(payouts.id, unsent.id))
        .returning();
      await audit(
        tx,
        { actor: admin, action: 'payout.retry', subjectType: 'payout', subjectId: unsent.id },
        origin,
      );
      return { payout: taken!, account, retry: true };
    }
    const lines = await owedLines(tx, tutorId);
    const amountKobo = lines.reduce((sum, l) => sum + l.netKobo, 0);
    if (amountKobo < Math.max(1, ctx.config.payouts.minimumKobo)) return null;
    const [payout] = await tx
      .insert(payouts)
      .values({
        reference: newPayoutReference(),
        tutorId,
        amountKobo,
        status: 'pending',
        recipientCode: account.recipientCode,
        bankName: account.bankName,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        adminId: admin.id,
      })
      .returning();
    await tx.insert(payoutItems).values(lines.map((l) => ({ payoutId: payout!.id, ledgerEntryId: l.id })));
    await audit(
      tx,
      {
        actor: admin,
        action: 'payout.created',
        subjectType: 'payout',
        subjectId: payout!.id,
        details: {
          reference: payout!.reference,
          tutorId,
          amountKobo,
          lines: lines.length,
          bankName: account.bankName,
          accountNumber: maskAccountNumber(account.accountNumber),
        },
      },
      origin,
    );
    return { payout: payout!, account, retry: false };
  });
}

/**
 * Sends a payout's transfer. A payout taken up again is first looked up by its reference, so a transfer the
 * provider already has is never sent twice. A provider error leaves the payout `pending` with the error as its
 * reason, to be taken up by the next pay of that tutor.
 */
async function send(ctx: Ctx, payout: Payout, account: PayoutAccount, retry: boolean): Promise<void> {
  try {
    if (retry) {
      const known = await ctx.payments.verifyTransfer(payout.reference);
      if (known) {
        await applyTransferState(ctx, payout.reference, known, 'verify');
        return;
      }
      if (account.accountNumber !== payout.accountNumber || account.bankName !== payout.bankName) {
        await applyTransferState(
          ctx,
          payout.reference,
          { status: 'failed', reason: 'The payout account changed before this payout was sent. Pay again.' },
          'retry',
        );
        return;
      }
    }
    const recipientCode = account.recipientCode ?? (await newRecipient(ctx, account));
    const state = await ctx.payments.transfer({
      reference: payout.reference,
      amountKobo: payout.amountKobo,
      recipientCode,
      reason: `DevLearn earnings payout ${payout.reference}`,
    });
    await ctx.db
      .update(payouts)
      .set({ recipientCode, transferCode: state.transferCode ?? payout.transferCode })
      .where(eq(payouts.id, payout.id));
    await applyTransferState(ctx, payout.reference, state, 'transfer');
    const status = payoutStatusOf(state.status);
    if (status === 'failed' || status === 'reversed') return;
    await ctx.db.transaction((tx) =>
      notify(tx, [
        {
          accountId: payout.tutorId,
          type: 'payout-sent',
          message: {
            key: 'notice.payoutSent',
            values: {
              amount: formatNaira(payout.amountKobo),
              where: `${payout.bankName} ${maskAccountNumber(payout.accountNumber)}`,
            },
          },
          link: '/tutor/earnings',
        },
      ]),
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ reference: payout.reference, err: err.message }, 'payout transfer not sent');
    await ctx.db
      .update(payouts)
      .set({ failureReason: `Not sent yet: ${err.message} Pay again to retry.`, updatedAt: sql`now()` })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending'), isNull(payouts.transferCode)));
  }
}

/** The account's transfer recipient, created once and kept while the account stays the same. */
async function newRecipient(ctx: Ctx, account: PayoutAccount): Promise<string> {
  const code = await ctx.payments.createRecipient({
    name: account.accountName,
    accountNumber: account.accountNumber,
    bankCode: account.bankCode,
  });
  await ctx.db
    .update(payoutAccounts)
    .set({ recipientCode: code })
    .where(and(eq(payoutAccounts.id, account.id), eq(payoutAccounts.accountNumber, account.accountNumber)));
  return code;
}
