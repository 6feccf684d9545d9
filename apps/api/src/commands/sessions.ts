import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { accounts, type Account } from '../db/schema.ts';
import { sessions } from '../db/schema-trust.ts';
import { notFound } from '../errors.ts';
import { ipPrefix } from '../presenters/sessions.ts';
import { audit, type AuditOrigin } from './audit.ts';

/** last_seen_at is written at most this often per session: a busy session costs one write a minute. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;

/** A new signed-in device: its id goes into the token (`sid`). Only the IP's first parts are kept. */
export async function createSession(
  db: Db | Tx,
  accountId: number,
  req: Pick<FastifyRequest, 'ip' | 'headers'>,
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const ua = req.headers['user-agent'];
  await db.insert(sessions).values({
    id,
    accountId,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    ipPrefix: ipPrefix(req.ip),
  });
  return id;
}

/** Moves a session's last_seen_at to now when it is older than LAST_SEEN_EVERY_MS (the guard keeps it one write). */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, id),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_EVERY_MS / 1000})`),
      ),
    );
}

/**
 * Ends every session of the account but `exceptId` (all of them without it), and retires its tokens that carry
 * no session (those signed before sessions existed) by moving the token version. Answers how many ended.
 */
export async function endSessions(tx: Db | Tx, accountId: number, exceptId?: string | null): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await tx
    .update(accounts)
    .set({ tokenVersion: sql`${accounts.tokenVersion} + 1` })
    .where(eq(accounts.id, accountId));
  return ended.length;
}

/**
 * `POST /session/revoke`: with `id`, ends that session of the caller (404 when it is not theirs or already ended);
 * without, every session but the caller's. Audited in the same transaction.
 */
export async function revokeSessions(
  db: Db,
  account: Account,
  currentId: string | null,
  id: string | undefined,
  origin: AuditOrigin,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (id) {
      const [ended] = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, id), eq(sessions.accountId, account.id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (!ended) return notFound('This session has already ended or is not yours.');
      await audit(
        tx,
        { actor: account, action: 'session.revoke', subjectType: 'session', subjectId: id },
        origin,
      );
      return 1;
    }
    const n = await endSessions(tx, account.id, currentId);
    await audit(
      tx,
      {
        actor: account,
        action: 'session.revoke_others',
        subjectType: 'account',
        subjectId: account.id,
        details: { sessionsEnded: n },
      },
      origin,
    );
    return n;
  });
}
