import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, type TResetPasswordRequest } from '@app/contract/accounts';
import type { TRole } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { accounts, otps } from '../db/schema.ts';
import { badRequest, tooManyTries } from '../errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import { newestCode } from '../queries/otp.ts';
import { waitText, type SignInThrottle } from '../services/sign-in-throttle.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { signInKey } from './login.ts';
import { endSessions } from './sessions.ts';
import { hashOtp } from './request-otp.ts';

const ROLE_NAME: Record<TRole, string> = { user: 'student', tutor: 'tutor', admin: 'admin' };
const ASK_AGAIN = 'Please request a new code.';
export const OTP_MESSAGES = {
  none: `No reset code was requested for this email. ${ASK_AGAIN}`,
  used: `This code has already been used. ${ASK_AGAIN}`,
  dead: `Too many wrong codes. ${ASK_AGAIN}`,
  expired: `This code has expired (codes are valid for ${OTP_TTL_MINUTES} minutes). ${ASK_AGAIN}`,
  wrong: (left: number) => `The code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  paused: (waitMs: number) =>
    `Too many wrong reset codes for this email. Please wait ${waitText(waitMs)} and try again.`,
};

/**
 * Sets a new password from an emailed code: only the newest code of the email counts, once, within its
 * validity, and before 5 wrong tries. Success ends every session of the account (the caller is not signed in).
 * Answers the account's id.
 */
export async function resetPassword(
  db: Db,
  throttle: SignInThrottle,
  secret: string,
  role: TRole,
  input: TResetPasswordRequest,
  origin: AuditOrigin,
) {
  const email = input.emailAddress;
  const otp = await newestCode(db, email);
  if (!otp) return badRequest(OTP_MESSAGES.none);
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return badRequest(OTP_MESSAGES.dead);
  if (otp.usedAt) return badRequest(OTP_MESSAGES.used);
  if (otp.expiresAt.getTime() <= Date.now()) return badRequest(OTP_MESSAGES.expired);
  // Wrong codes also count per email across codes, whatever the client's address (the sign-in throttle's
  // rules): after 5 within 15 minutes even a fresh code waits out the pause before it is checked.
  const key = `reset:${email}`;
  const wait = await throttle.waitFor(key);
  if (wait) return tooManyTries(OTP_MESSAGES.paused(wait), wait);

  const expected = Buffer.from(otp.codeHash, 'hex');
  const given = Buffer.from(hashOtp(secret, email, input.otp), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    // Counted in one statement so parallel guesses cannot exceed the limit.
    const [counted] = await db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(and(eq(otps.id, otp.id), isNull(otps.usedAt), lt(otps.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ attempts: otps.attempts });
    const left = counted ? OTP_MAX_ATTEMPTS - counted.attempts : 0;
    if (counted) await throttle.fail(key);
    return badRequest(left > 0 ? OTP_MESSAGES.wrong(left) : OTP_MESSAGES.dead);
  }

  const account = await accountByRoleEmail(db, role, email);
  // The code proves the caller owns this email, so saying which account type is missing reveals nothing new.
  if (!account) return badRequest(`There is no ${ROLE_NAME[role]} account with this email.`);

  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(otps)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(otps.id, otp.id),
          isNull(otps.usedAt),
          lt(otps.attempts, OTP_MAX_ATTEMPTS),
          gt(otps.expiresAt, new Date()),
        ),
      )
      .returning({ id: otps.id });
    // Another request used or killed the code since we read it.
    if (!consumed) return badRequest(`This code is no longer valid. ${ASK_AGAIN}`);
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
    const ended = await endSessions(tx, account.id);
    await audit(
      tx,
      {
        actor: account,
        action: 'password.reset',
        subjectType: 'account',
        subjectId: account.id,
        details: { sessionsEnded: ended },
      },
      origin,
    );
  });
  // The new password is the owner's: earlier failures (a guesser's) no longer pause the account.
  await throttle.succeed(key);
  await throttle.succeed(signInKey(role, email, account));
  return account.id;
}
