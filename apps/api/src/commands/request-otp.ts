import { createHmac, randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { OTP_LENGTH, OTP_TTL_MINUTES } from '@app/contract/accounts';
import type { Locale } from '@app/contract/locales';
import type { AppContext } from '../context.ts';
import { otps } from '../db/schema.ts';
import { localeOf, translator } from '../i18n/index.ts';
import { accountIdByEmail } from '../queries/accounts.ts';
import { codesAskedLastHour } from '../queries/otp.ts';

/** Codes asked for one email within an hour; beyond this the answer stays the same but no email goes out. */
export const MAX_CODES_PER_EMAIL_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** The stored form of a code: keyed with the server secret and bound to the email, so a copied table is useless. */
export function hashOtp(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email}\n${code}`).digest('hex');
}

/** The reset email a person reads (in their inbox, or in the server log when no SMTP is configured), in `locale`. */
export function resetEmail(code: string, locale: Locale = 'en'): { subject: string; text: string } {
  const t = translator(locale);
  return {
    subject: t('email.subject.resetCode'),
    text: [
      t('email.helloAnyone'),
      '',
      t('email.reset.asked'),
      '',
      t('email.reset.code', { code }),
      '',
      t('email.reset.valid', { minutes: OTP_TTL_MINUTES }),
      '',
      t('email.reset.ignore'),
      '',
      'DevLearn',
    ].join('\n'),
  };
}

/**
 * Issues a 6-digit reset code for `email` and emails it when an account uses that email. The caller's answer
 * never depends on whether the account exists: a code row is stored either way, and the email is sent in the
 * background so its delivery time does not show.
 */
export async function requestResetCode(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'config'>,
  email: string,
) {
  const { db } = ctx;
  const now = Date.now();
  await db.delete(otps).where(lt(otps.expiresAt, new Date(now - 24 * HOUR_MS)));
  if ((await codesAskedLastHour(db, email)) >= MAX_CODES_PER_EMAIL_PER_HOUR) {
    ctx.log.warn(
      { email },
      'password reset code refused: too many codes asked for this email in the last hour',
    );
    return;
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  // The newest row is the only one a reset checks, so this insert is what invalidates older codes.
  await db.insert(otps).values({
    email,
    codeHash: hashOtp(ctx.config.jwtSecret, email, code),
    expiresAt: new Date(now + OTP_TTL_MINUTES * 60 * 1000),
  });
  const account = await accountIdByEmail(db, email);
  if (account === undefined) return;
  // Written in the account's language.
  ctx.mailer
    .send({ to: email, ...resetEmail(code, localeOf(account.language)) })
    .catch((err: unknown) => ctx.log.error({ err, to: email }, 'could not send the password reset email'));
}
