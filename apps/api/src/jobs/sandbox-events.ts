import type { AppContext } from '../context.ts';
import { deliverSandboxEvent } from '../commands/sandbox-delivery.ts';
import {
  completeSandboxRefund,
  confirmSandboxCharge,
  SANDBOX_EVENT_JOB,
  sandboxChargeEvent,
  sandboxRefundEvent,
  type SandboxEventPayload,
} from '../services/payments/sandbox.ts';
import { sandboxTransferEvent, settleSandboxTransfer } from '../services/payments/sandbox-payouts.ts';
import { registerJob } from '../queue/queue.ts';

/**
 * The sandbox's later events, queued with a run-at of SANDBOX_CONFIRM_DELAY_MS: a transfer or USSD payment the
 * payer said was sent becomes `success` and its `charge.success` is delivered; a refund becomes `processed` and its
 * `refund.processed` is delivered; a payout transfer settles and its `transfer.*` is delivered. A retry delivers
 * again, which the handlers absorb.
 */
registerJob<SandboxEventPayload, AppContext>(SANDBOX_EVENT_JOB, async (payload, run) => {
  const { ctx } = run;
  if (ctx.payments.name !== 'sandbox') return;
  if (payload.kind === 'charge') {
    const paid = await confirmSandboxCharge(ctx.db, payload.reference);
    if (paid) await deliverSandboxEvent(ctx, sandboxChargeEvent(paid));
  } else if (payload.kind === 'refund') {
    const refund = await completeSandboxRefund(ctx.db, payload.code);
    if (refund?.status === 'processed') await deliverSandboxEvent(ctx, sandboxRefundEvent(refund));
  } else {
    const transfer = await settleSandboxTransfer(ctx.db, payload.reference);
    if (transfer && transfer.status !== 'pending')
      await deliverSandboxEvent(ctx, sandboxTransferEvent(transfer));
  }
});
