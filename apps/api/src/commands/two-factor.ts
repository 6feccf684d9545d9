import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { recoveryCodes, twoFactor } from '../db/schema-trust.ts';
import { badRequest, conflict, forbidden, tooManyTries } from '../errors.ts';
import { verifyPassword } from '../lib/passwords.ts';
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
} from '../lib/totp.ts';
import { twoFactorOf } from '../queries/two-factor.ts';
import { waitText } from '../services/sign-in-throttle.ts';
import { audit, type AuditOrigin } from './audit.ts';

export const TWO_FACTOR_MESSAGES = {
  staffOnly: 'Two-factor sign-in is for tutor and admin accounts.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notSetUp: 'Start the set-up first: scan the QR code, then enter the code your app shows.',
  notOn: 'Two-factor sign-in is not on for this account.',
  wrongCode: 'The code is not correct. Enter the 6-digit code your app shows now, or a recovery code.',
  wrongSetupCode: 'The code is not correct. Enter the 6-digit code your app shows now.',
  /** The app's code of the last accepted step, sent again (a double submit, or typed again too soon). */
  used: 'This code was just used. Wait for the next one.',
  password: 'Your password is not correct.',
  paused: (ms: number) => `Too many wrong codes. Please wait ${waitText(ms)} and try again.`,
};

/** Wrong codes count in the sign-in throttle, per account (the password's rules: 5 free, then a growing pause). */
export const twoFactorKey = (accountId: number) => `2fa:account:${accountId}`;

type Ctx = Pick<AppContext, 'db' | 'config' | 'signIn'>;

/**
 * Checks a second factor inside `tx` and uses it: a TOTP code for a step after the last accepted one (one step of
 * drift either side), or an unused recovery code. Answers how it matched, `used` for the app's code that was
 * accepted last (it is never accepted twice), or null.
 */
export async function useSecondFactor(
  tx: Db | Tx,
  appSecret: string,
  accountId: number,
  code: string,
): Promise<'totp' | 'recovery' | 'used' | null> {
  const row = await twoFactorOf(tx, accountId);
  if (!row?.enabledAt) return null;
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const secret = openSecret(appSecret, row.secret);
    const step = await matchTotp(secret, typed, row.lastStep);
    if (step === null) {
      const reused = row.lastStep !== null && (await matchTotp(secret, typed, null)) === row.lastStep;
      return reused ? 'used' : null;
    }
    // The guard makes two parallel uses of one code a single success.
    const [taken] = await tx
      .update(twoFactor)
      .set({ lastStep: step })
      .where(
        and(eq(twoFactor.accountId, accountId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))),
      )
      .returning({ step: twoFactor.lastStep });
    // Another request took this very code a moment ago.
    return taken ? 'totp' : 'used';
  }
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(appSecret, accountId, typed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery' : null;
}

/**
 * A second factor checked under the throttle: paused accounts are refused before any code is looked at, a wrong
 * code counts, a right one clears the count. `work` runs in the transaction that used the code.
 */
export async function withSecondFactor<T>(
  ctx: Ctx,
  account: Pick<Account, 'id'>,
  code: string,
  work: (tx: Tx, how: 'totp' | 'recovery') => Promise<T>,
  wrong = TWO_FACTOR_MESSAGES.wrongCode,
): Promise<T> {
  const key = twoFactorKey(account.id);
  const wait = await ctx.signIn.waitFor(key);
  if (wait) return tooManyTries(TWO_FACTOR_MESSAGES.paused(wait), wait);
  const result = await ctx.db.transaction(async (tx) => {
    const how = await useSecondFactor(tx, ctx.config.jwtSecret, account.id, code);
    if (!how || how === 'used') return { ok: false as const, used: how === 'used' };
    return { ok: true as const, value: await work(tx, how) };
  });
  if (!result.ok) {
    // A used code counts like a wrong one: each guess does.
    const refusal = result.used ? TWO_FACTOR_MESSAGES.used : wrong;
    const pause = await ctx.signIn.fail(key);
    if (pause) return tooManyTries(`${refusal} ${TWO_FACTOR_MESSAGES.paused(pause)}`, pause);
    return badRequest(refusal);
  }
  await ctx.signIn.succeed(key);
  return result.value;
}

const staffOnly = (account: Account) => {
  if (account.role === 'user') forbidden(TWO_FACTOR_MESSAGES.staffOnly);
};

/**
 * `POST /2fa/setup`: a new secret (kept encrypted, not yet on) with its `otpauth://` URI and a QR code of it.
 * Setting up again before enabling replaces the secret.
 */
export async function setUpTwoFactor(ctx: Ctx, account: Account) {
  staffOnly(account);
  const current = await twoFactorOf(ctx.db, account.id);
  if (current?.enabledAt) return conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.config.jwtSecret, secret);
  await ctx.db
    .insert(twoFactor)
    .values({ accountId: account.id, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.accountId,
      set: { secret: sealed, lastStep: null, enabledAt: null },
    });
  const uri = otpauthUri(secret, account.email);
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUri: uri, qrCode };
}

/** Replaces the account's recovery codes with ten new ones (stored hashed); answers them, shown once. */
async function replaceRecoveryCodes(tx: Tx, appSecret: string, accountId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ accountId, codeHash: hashRecoveryCode(appSecret, accountId, c) })));
  return codes;
}

/** `POST /2fa/enable {code}`: the first code from the app turns it on; answers the ten recovery codes. Audited. */
export async function enableTwoFactor(ctx: Ctx, account: Account, code: string, origin: AuditOrigin) {
  staffOnly(account);
  const row = await twoFactorOf(ctx.db, account.id);
  if (row?.enabledAt) return conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  if (!row) return badRequest(TWO_FACTOR_MESSAGES.notSetUp);
  const key = twoFactorKey(account.id);
  const wait = await ctx.signIn.waitFor(key);
  if (wait) return tooManyTries(TWO_FACTOR_MESSAGES.paused(wait), wait);
  const step = await matchTotp(openSecret(ctx.config.jwtSecret, row.secret), code.replace(/\s/g, ''), null);
  if (step === null) {
    const pause = await ctx.signIn.fail(key);
    if (pause) return tooManyTries(TWO_FACTOR_MESSAGES.paused(pause), pause);
    return badRequest(TWO_FACTOR_MESSAGES.wrongSetupCode);
  }
  await ctx.signIn.succeed(key);
  return ctx.db.transaction(async (tx) => {
    const [on] = await tx
      .update(twoFactor)
      .set({ enabledAt: sql`now()`, lastStep: step })
      .where(and(eq(twoFactor.accountId, account.id), isNull(twoFactor.enabledAt)))
      .returning({ id: twoFactor.accountId });
    if (!on) return conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    const codes = await replaceRecoveryCodes(tx, ctx.config.jwtSecret, account.id);
    await audit(
      tx,
      { actor: account, action: 'two_factor.enable', subjectType: 'two_factor', subjectId: account.id },
      origin,
    );
    return codes;
  });
}

async function checkPassword(ctx: Ctx, account: Account, password: string) {
  const key = twoFactorKey(account.id);
  const wait = await ctx.signIn.waitFor(key);
  if (wait) return tooManyTries(TWO_FACTOR_MESSAGES.paused(wait), wait);
  if (!(await verifyPassword(account.passwordHash, password))) {
    const pause = await ctx.signIn.fail(key);
    if (pause)
      return tooManyTries(`${TWO_FACTOR_MESSAGES.password} ${TWO_FACTOR_MESSAGES.paused(pause)}`, pause);
    return badRequest(TWO_FACTOR_MESSAGES.password);
  }
}

/** `POST /2fa/disable {password, code}`: turns it off and drops the secret and the recovery codes. Audited. */
export async function disableTwoFactor(
  ctx: Ctx,
  account: Account,
  input: { password: string; code: string },
  origin: AuditOrigin,
) {
  const row = await twoFactorOf(ctx.db, account.id);
  if (!row?.enabledAt) return badRequest(TWO_FACTOR_MESSAGES.notOn);
  await checkPassword(ctx, account, input.password);
  await withSecondFactor(ctx, account, input.code, async (tx, how) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, account.id));
    await tx.delete(twoFactor).where(eq(twoFactor.accountId, account.id));
    await audit(
      tx,
      {
        actor: account,
        action: 'two_factor.disable',
        subjectType: 'two_factor',
        subjectId: account.id,
        details: { with: how },
      },
      origin,
    );
  });
}

/** `POST /2fa/recovery-codes {password, code}`: ten new recovery codes; the old ones stop working. Audited. */
export async function renewRecoveryCodes(
  ctx: Ctx,
  account: Account,
  input: { password: string; code: string },
  origin: AuditOrigin,
): Promise<string[]> {
  const row = await twoFactorOf(ctx.db, account.id);
  if (!row?.enabledAt) return badRequest(TWO_FACTOR_MESSAGES.notOn);
  await checkPassword(ctx, account, input.password);
  return withSecondFactor(ctx, account, input.code, async (tx, how) => {
    const codes = await replaceRecoveryCodes(tx, ctx.config.jwtSecret, account.id);
    await audit(
      tx,
      {
        actor: account,
        action: 'two_factor.recovery_codes',
        subjectType: 'two_factor',
        subjectId: account.id,
        details: { with: how },
      },
      origin,
    );
    return codes;
  });
}
