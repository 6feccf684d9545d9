import type { AppContext } from '../context.ts';
import { signWebhook } from '../services/payments/types.ts';
import { receiveWebhook } from './confirm-payment.ts';

/**
 * Delivers one event as the sandbox's "Paystack" would: signed with its webhook secret and handled exactly as a
 * delivery to `POST /paystack/webhook` (the signature is checked again there). Answers the handler's message.
 * The sandbox page (a card's payment at once) and its delayed events (jobs/sandbox-events.ts) both send this way.
 */
export async function deliverSandboxEvent(
  ctx: Pick<AppContext, 'db' | 'payments' | 'log' | 'cache' | 'config'>,
  event: object,
): Promise<string> {
  const body = JSON.stringify(event);
  return receiveWebhook(ctx, Buffer.from(body), signWebhook(body, ctx.payments.webhookSecret));
}
