import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { auditLog } from '../db/schema-money.ts';

/** Where a change came from: the caller's address (as TRUST_PROXY lets Fastify see it) and user agent. */
export type AuditOrigin = { ip: string | null; userAgent: string | null };

export const auditOrigin = (req: Pick<FastifyRequest, 'ip' | 'headers'>): AuditOrigin => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 500) : null,
});

/** No caller: the payment provider's webhook, or the server itself. */
export const PROVIDER_ORIGIN: AuditOrigin = { ip: null, userAgent: 'payment provider' };

/** What the audit table records: tutors' payout accounts, payouts, and refund decisions and outcomes. */
export type AuditSubject = 'payout_account' | 'payout' | 'refund';

/**
 * Writes one audit entry in the caller's transaction: who (null for the provider), what, on which subject, with
 * what details (bank numbers masked), and from where.
 */
export async function audit(
  tx: Db | Tx,
  entry: {
    actor: Pick<Account, 'id' | 'role'> | null;
    action: string;
    subjectType: AuditSubject;
    subjectId: string | number;
    details?: Record<string, unknown>;
  },
  origin: AuditOrigin,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    details: entry.details ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent,
  });
}
