import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { auditLog } from '../db/schema-money.ts';
import { currentRequest } from '../lib/request-context.ts';

/**
 * Where a change came from: the caller's address (as TRUST_PROXY lets Fastify see it), user agent and request id
 * (the `x-request-id` of the answer and of the request's log lines).
 */
export type AuditOrigin = { ip: string | null; userAgent: string | null; requestId: string | null };

/** What `audit` reads of a request. */
export type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers' | 'id'>;

export const auditOrigin = (req: AuditRequest): AuditOrigin => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 500) : null,
  requestId: req.id ?? null,
});

/** No caller: the payment provider's webhook, or the server itself. */
export const PROVIDER_ORIGIN: AuditOrigin = { ip: null, userAgent: 'payment provider', requestId: null };

/**
 * What an entry is about: money (payout accounts, payouts, refunds), content decisions (courses, reviews, Q&A
 * posts) and accounts (two-factor sign-in, sessions, data export and deletion).
 */
export type AuditSubject =
  | 'payout_account'
  | 'payout'
  | 'refund'
  | 'instalment_plan'
  | 'course'
  | 'review'
  | 'question'
  | 'answer'
  | 'account'
  | 'two_factor'
  | 'session'
  | 'data_export'
  | 'device';

export type AuditEntry = {
  /** Who did it (null for the payment provider or the server). */
  actor: Pick<Account, 'id' | 'role'> | null;
  /** `<subject>.<verb>`, e.g. `course.approved`, `review.hidden`, `refund.approved`, `session.revoked`. */
  action: string;
  subjectType: AuditSubject;
  subjectId: string | number;
  /** What a reader needs to understand the entry later (bank numbers masked; never a password or code). */
  details?: Record<string, unknown>;
  /** The request that made the change: its IP, user agent and request id are recorded. */
  req?: AuditRequest;
};

/**
 * Writes one audit entry in the caller's transaction, so it exists exactly when the action does:
 * `audit(tx, { actor, action, subjectType, subjectId, details, req })`. Without `req`, `origin` says where the
 * change came from (PROVIDER_ORIGIN for webhooks); the request id is then the one of the request being handled
 * (a webhook delivery's), if any.
 */
export async function audit(tx: Db | Tx, entry: AuditEntry, origin?: AuditOrigin): Promise<void> {
  const from =
    origin ?? (entry.req ? auditOrigin(entry.req) : { ip: null, userAgent: null, requestId: null });
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    details: entry.details ?? null,
    ip: from.ip,
    userAgent: from.userAgent,
    requestId: from.requestId ?? currentRequest.getStore() ?? null,
  });
}
