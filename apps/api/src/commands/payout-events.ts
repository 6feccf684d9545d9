import { eq, sql } from 'drizzle-orm';
import type { TPayoutStatus } from '@app/contract/payment-rules';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { AppContext } from '../context.ts';
import { payouts } from '../db/schema-money.ts';
import { formatNaira } from '../presenters/payment.ts';
import { lockPayoutByReference, payoutByReference } from '../queries/payouts.ts';
import { notify, type NewNotification } from './notify.ts';
import { audit, PROVIDER_ORIGIN } from './audit.ts';

/** Paystack's transfer statuses as a payout keeps them. */
export function payoutStatusOf(providerStatus: string): TPayoutStatus {
  switch (providerStatus) {
    case 'success':
      return 'success';
    case 'otp':
      return 'otp';
    case 'reversed':
      return 'reversed';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    default:
      return 'pending'; // pending, received, queued, processing: still on its way
  }
}

/** The moves a payout may make; `failed` and `reversed` are final (their lines are owed again). */
const ALLOWED: Record<TPayoutStatus, TPayoutStatus[]> = {
  pending: ['otp', 'success', 'failed', 'reversed'],
  otp: ['pending', 'success', 'failed', 'reversed'],
  success: ['reversed'],
  failed: [],
  reversed: [],
};

/**
 * Applies what the provider says about a payout's transfer (its answer to the transfer, a verify, or a webhook):
 * under the payout row's lock, only an allowed move changes it, so replays and late duplicates change nothing.
 * A move is audited, and a final one tells the tutor and the admin who paid. Returns the move, or null.
 */
export async function applyTransferState(
  ctx: Pick<AppContext, 'db'>,
  reference: string,
  state: { status: string; transferCode?: string | null; reason?: string | null },
  source: string,
): Promise<{ from: TPayoutStatus; to: TPayoutStatus } | null> {
  return ctx.db.transaction(async (tx) => {
    const payout = await lockPayoutByReference(tx, reference);
    if (!payout) return null;
    const to = payoutStatusOf(state.status);
    if (state.transferCode && !payout.transferCode) {
      await tx
        .update(payouts)
        .set({ transferCode: state.transferCode, failureReason: null })
        .where(eq(payouts.id, payout.id));
    }
    if (!ALLOWED[payout.status].includes(to)) return null;
    const failed = to === 'failed' || to === 'reversed';
    await tx
      .update(payouts)
      .set({
        status: to,
        failureReason: failed
          ? (state.reason ?? `The transfer ${to === 'failed' ? 'failed' : 'was reversed'}.`)
          : null,
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, payout.id));
    await audit(
      tx,
      {
        actor: null,
        action: `payout.${to}`,
        subjectType: 'payout',
        subjectId: payout.id,
        details: { reference, from: payout.status, source, reason: state.reason ?? null },
      },
      PROVIDER_ORIGIN,
    );
    const where = `${payout.bankName} ${maskAccountNumber(payout.accountNumber)}`;
    const amount = formatNaira(payout.amountKobo);
    const told: NewNotification[] = [];
    if (to === 'success') {
      told.push(
        {
          accountId: payout.tutorId,
          type: 'payout-paid',
          message: { key: 'notice.payoutPaid', values: { amount, where } },
          link: '/tutor/earnings',
        },
        {
          accountId: payout.adminId,
          type: 'payout-paid',
          message: { key: 'notice.payoutSucceeded', values: { reference, amount, where } },
          link: '/admin/payouts',
        },
      );
    } else if (failed) {
      // 'failed' or 'reversed', an ICU select of the messages.
      const outcome = to;
      told.push(
        {
          accountId: payout.tutorId,
          type: 'payout-failed',
          message: { key: 'notice.payoutFailed', values: { amount, where, outcome } },
          link: '/tutor/earnings',
        },
        {
          accountId: payout.adminId,
          type: 'payout-failed',
          message: state.reason
            ? {
                key: 'notice.payoutFailedAdmin',
                values: { reference, amount, where, outcome, reason: state.reason },
              }
            : { key: 'notice.payoutFailedAdminNoReason', values: { reference, amount, where, outcome } },
          link: '/admin/payouts',
        },
      );
    }
    await notify(tx, told);
    return { from: payout.status, to };
  });
}

/** A Paystack transfer event as far as we read it. */
export type TransferEvent = {
  event?: unknown;
  data?: {
    reference?: unknown;
    status?: unknown;
    amount?: unknown;
    transfer_code?: unknown;
    /** Why it failed, when the provider says (`reason` is the narration we sent). */
    gateway_response?: unknown;
  };
};

const EVENT_STATUS: Record<string, TPayoutStatus> = {
  'transfer.success': 'success',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/**
 * A verified `transfer.success` / `transfer.failed` / `transfer.reversed` webhook: moves the payout under our
 * reference. Unknown references and amounts that do not match are logged and acknowledged; replays change nothing.
 */
export async function handleTransferEvent(
  ctx: Pick<AppContext, 'db' | 'log'>,
  event: TransferEvent,
): Promise<string> {
  const status = typeof event.event === 'string' ? EVENT_STATUS[event.event] : undefined;
  if (!status) return 'Event ignored';
  const d = event.data ?? {};
  const reference = typeof d.reference === 'string' ? d.reference : '';
  const amount = Number(d.amount);
  const payout = reference ? await payoutByReference(ctx.db, reference) : undefined;
  if (!payout) {
    ctx.log.warn({ reference }, 'transfer webhook for an unknown payout');
    return 'Unknown reference';
  }
  if (d.amount !== undefined && amount !== payout.amountKobo) {
    ctx.log.warn({ reference, amount }, 'transfer webhook amount does not match the payout');
    return 'Amount does not match';
  }
  const done = await applyTransferState(
    ctx,
    reference,
    {
      status,
      transferCode: typeof d.transfer_code === 'string' ? d.transfer_code : null,
      reason: typeof d.gateway_response === 'string' && status !== 'success' ? d.gateway_response : null,
    },
    String(event.event),
  );
  return done ? `Payout ${done.to}` : 'Payout unchanged';
}
