import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { adminPayoutRoutes } from './admin.ts';
import { tutorPayoutRoutes } from './tutor.ts';

/**
 * Tutors' money (docs/payments.md, "The money flow"): banks, payout accounts, the tutor's ledger and earnings
 * summary, and the admin's payouts. With the sandbox, its transfer webhooks come back through the real webhook.
 */
export default async function payoutRoutes(app: FastifyInstance) {
  const payments = app.ctx.payments;
  if (payments.setWebhookSink) {
    payments.setWebhookSink(async (body, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${PLAIN_ROUTES.paystackWebhook.path}`,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      });
      if (res.statusCode !== 200)
        app.log.warn({ status: res.statusCode }, 'sandbox transfer webhook refused');
    });
    app.addHook('onClose', async () => payments.setWebhookSink?.(null));
  }
  await tutorPayoutRoutes(app);
  await adminPayoutRoutes(app);
}
