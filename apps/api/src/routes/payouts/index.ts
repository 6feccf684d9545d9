import type { FastifyInstance } from 'fastify';
import { adminPayoutRoutes } from './admin.ts';
import { tutorPayoutRoutes } from './tutor.ts';

/**
 * Tutors' money (docs/payments.md, "The money flow"): banks, payout accounts, the tutor's ledger and earnings
 * summary, and the admin's payouts. The sandbox's transfer webhooks come from the job queue (jobs/sandbox-events.ts).
 */
export default async function payoutRoutes(app: FastifyInstance) {
  await tutorPayoutRoutes(app);
  await adminPayoutRoutes(app);
}
