import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TChangePasswordRequest } from '@app/contract/accounts';
import type { Db } from '../db/client.ts';
import { accounts, type Account } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { signToken } from '../lib/tokens.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { createSession, endSessions } from './sessions.ts';

/**
 * Changes the caller's password after checking the old one. Every other session of the account ends; the caller's
 * own session stays signed in, so the token that made the call keeps working (the spec's client ignores the
 * answer's token). The answer's `token` is a fresh one for the same session (a new session for a token that had
 * none).
 */
export async function changePassword(
  db: Db,
  secret: string,
  account: Account,
  sessionId: string | null,
  input: TChangePasswordRequest,
  req: Pick<FastifyRequest, 'ip' | 'headers'> & { origin: AuditOrigin },
): Promise<{ token: string }> {
  if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
    return badRequest('Your old password is not correct.');
  }
  if (input.newPassword === input.oldPassword) {
    return badRequest('The new password must be different from the old password.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { updated, sid } = await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
    const ended = await endSessions(tx, account.id, sessionId);
    const sid = sessionId ?? (await createSession(tx, account.id, req));
    const [updated] = await tx.select().from(accounts).where(eq(accounts.id, account.id));
    await audit(
      tx,
      {
        actor: account,
        action: 'password.change',
        subjectType: 'account',
        subjectId: account.id,
        details: { sessionsEnded: ended },
      },
      req.origin,
    );
    return { updated: updated!, sid };
  });
  const { token } = await signToken(secret, updated, sid);
  return { token };
}
