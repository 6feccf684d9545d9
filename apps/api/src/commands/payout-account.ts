import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { maskAccountNumber } from '@app/contract/payment-rules';
import { UNKNOWN_ACCOUNT_MESSAGE } from '@app/contract/payouts';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { payoutAccounts, payoutCodes } from '../db/schema-money.ts';
import { badRequest, tooManyTries } from '../errors.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { localeOf, translator, utcDateTime } from '../i18n/index.ts';
import {
  lockPayoutAccount,
  newestPayoutCode,
  payoutAccountOf,
  payoutCodesLastHour,
} from '../queries/payouts.ts';
import { twoFactorOf } from '../queries/two-factor.ts';
import type { Bank, PaymentProvider } from '../services/payments/provider.ts';
import { waitText } from '../services/sign-in-throttle.ts';
import { notify } from './notify.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { hashOtp } from './request-otp.ts';
import { withSecondFactor } from './two-factor.ts';

/** A payout-account code: 6 digits, 10 minutes, once, at most 5 wrong tries and 5 codes an hour. */
export const PAYOUT_CODE_TTL_MINUTES = 10;
export const PAYOUT_CODE_MAX_ATTEMPTS = 5;
export const MAX_PAYOUT_CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
const BANKS_TTL_MS = 24 * HOUR_MS;

const ASK_AGAIN = 'Please request a new code.';
export const PAYOUT_CODE_MESSAGES = {
  none: `No confirmation code was requested. ${ASK_AGAIN}`,
  used: `This code has already been used. ${ASK_AGAIN}`,
  dead: `Too many wrong codes. ${ASK_AGAIN}`,
  expired: `This code has expired (codes are valid for ${PAYOUT_CODE_TTL_MINUTES} minutes). ${ASK_AGAIN}`,
  wrong: (left: number) => `The code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  tooMany: `You asked for ${MAX_PAYOUT_CODES_PER_HOUR} codes within an hour. Please wait and try again.`,
  paused: (ms: number) => `Too many wrong passwords or codes. Please wait ${waitText(ms)} and try again.`,
  password: 'Your password is not correct.',
  totp: 'Enter the 6-digit code from your authenticator app: two-factor sign-in is on for your account.',
};

const throttleKey = (tutorId: number) => `payout-account:${tutorId}`;
/** Codes are hashed with the server secret and bound to the tutor. */
const codeHash = (secret: string, tutorId: number, code: string) =>
  hashOtp(secret, `payout:${tutorId}`, code);

const banksCache = new WeakMap<PaymentProvider, { at: number; banks: Promise<Bank[]> }>();

/** The provider's Nigerian banks, kept for a day (per provider; a failed read is not kept). */
export async function bankList(payments: PaymentProvider): Promise<Bank[]> {
  const cached = banksCache.get(payments);
  if (cached && Date.now() - cached.at < BANKS_TTL_MS) return cached.banks;
  const banks = payments.listBanks();
  banksCache.set(payments, { at: Date.now(), banks });
  banks.catch(() => banksCache.delete(payments));
  return banks;
}

/** The account's name at the bank, or a 400 with UNKNOWN_ACCOUNT_MESSAGE. */
export async function resolveAccount(payments: PaymentProvider, bankCode: string, accountNumber: string) {
  const banks = await bankList(payments);
  const bank = banks.find((b) => b.code === bankCode);
  if (!bank) return badRequest('Choose a bank from the list.');
  const resolved = await payments.resolveAccount(bankCode, accountNumber);
  if (!resolved) return badRequest(UNKNOWN_ACCOUNT_MESSAGE);
  return { bank, accountName: resolved.accountName };
}

/** Emails the tutor a 6-digit code that confirms a change of payout account (429 past 5 codes an hour). */
export async function requestPayoutCode(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'config'>,
  tutor: Account,
): Promise<void> {
  const { db } = ctx;
  await db
    .delete(payoutCodes)
    .where(and(eq(payoutCodes.tutorId, tutor.id), lt(payoutCodes.expiresAt, new Date(Date.now() - HOUR_MS))));
  const recent = await payoutCodesLastHour(db, tutor.id);
  if (recent.n >= MAX_PAYOUT_CODES_PER_HOUR) {
    const waitMs = recent.oldest ? recent.oldest.getTime() + HOUR_MS - Date.now() : HOUR_MS;
    return tooManyTries(PAYOUT_CODE_MESSAGES.tooMany, waitMs);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The newest code is the only one that counts: this insert retires the older ones.
  await db.insert(payoutCodes).values({
    tutorId: tutor.id,
    codeHash: codeHash(ctx.config.jwtSecret, tutor.id, code),
    expiresAt: new Date(Date.now() + PAYOUT_CODE_TTL_MINUTES * 60 * 1000),
  });
  const t = translator(localeOf(tutor.language));
  const text = [
    t('email.hello', { name: tutor.fullName }),
    '',
    t('email.payoutCode.code', { code }),
    '',
    t('email.payoutCode.valid', { minutes: PAYOUT_CODE_TTL_MINUTES }),
    '',
    t('email.payoutCode.warning'),
    '',
    'DevLearn',
  ].join('\n');
  try {
    await ctx.mailer.send({ to: tutor.email, subject: t('email.subject.payoutCode'), text });
  } catch (err) {
    ctx.log.error({ err, to: tutor.email }, 'could not send the payout account code');
  }
}

/** Checks the password and the newest code (without using it); wrong tries count towards a pause. */
async function checkPasswordAndCode(
  ctx: Pick<AppContext, 'db' | 'config' | 'signIn'>,
  tutor: Account,
  password: string,
  code: string,
) {
  const key = throttleKey(tutor.id);
  const wait = await ctx.signIn.waitFor(key);
  if (wait) return tooManyTries(PAYOUT_CODE_MESSAGES.paused(wait), wait);
  if (!(await verifyPassword(tutor.passwordHash, password))) {
    await ctx.signIn.fail(key);
    return badRequest(PAYOUT_CODE_MESSAGES.password);
  }
  const row = await newestPayoutCode(ctx.db, tutor.id);
  if (!row) return badRequest(PAYOUT_CODE_MESSAGES.none);
  if (row.attempts >= PAYOUT_CODE_MAX_ATTEMPTS) return badRequest(PAYOUT_CODE_MESSAGES.dead);
  if (row.usedAt) return badRequest(PAYOUT_CODE_MESSAGES.used);
  if (row.expiresAt.getTime() <= Date.now()) return badRequest(PAYOUT_CODE_MESSAGES.expired);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(ctx.config.jwtSecret, tutor.id, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [counted] = await ctx.db
      .update(payoutCodes)
      .set({ attempts: sql`${payoutCodes.attempts} + 1` })
      .where(and(eq(payoutCodes.id, row.id), isNull(payoutCodes.usedAt)))
      .returning({ attempts: payoutCodes.attempts });
    await ctx.signIn.fail(key);
    const left = counted ? PAYOUT_CODE_MAX_ATTEMPTS - counted.attempts : 0;
    return badRequest(left > 0 ? PAYOUT_CODE_MESSAGES.wrong(left) : PAYOUT_CODE_MESSAGES.dead);
  }
  return row;
}

/**
 * `POST /staff/payoutaccount`: checks the password and the emailed code, resolves the account's name at the bank,
 * uses the code, creates or updates the tutor's subaccount (percentage_charge = the platform fee) and stores the
 * account. A new or changed account is held for PAYOUT_HOLD_HOURS (no payout and no split to it before then; the
 * first account too). The tutor is told in the app and by email; the change is audited.
 */
export async function setPayoutAccount(
  ctx: Pick<AppContext, 'db' | 'config' | 'signIn' | 'payments' | 'mailer' | 'log'>,
  tutor: Account,
  input: { bankCode: string; accountNumber: string; password: string; code: string; totp?: string },
  origin: AuditOrigin,
) {
  const code = await checkPasswordAndCode(ctx, tutor, input.password, input.code);
  // A tutor with two-factor sign-in on also gives the authenticator's code (or a recovery code).
  if ((await twoFactorOf(ctx.db, tutor.id))?.enabledAt) {
    if (!input.totp) return badRequest(PAYOUT_CODE_MESSAGES.totp);
    await withSecondFactor(ctx, tutor, input.totp, async () => undefined);
  }
  const { bank, accountName } = await resolveAccount(ctx.payments, input.bankCode, input.accountNumber);
  const [used] = await ctx.db
    .update(payoutCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(payoutCodes.id, code.id),
        isNull(payoutCodes.usedAt),
        lt(payoutCodes.attempts, PAYOUT_CODE_MAX_ATTEMPTS),
        gt(payoutCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: payoutCodes.id });
  if (!used) return badRequest(`This code is no longer valid. ${ASK_AGAIN}`);
  await ctx.signIn.succeed(throttleKey(tutor.id));

  const before = await payoutAccountOf(ctx.db, tutor.id);
  const subaccountCode = await ctx.payments.saveSubaccount(before?.subaccountCode ?? null, {
    businessName: `${tutor.fullName} (DevLearn tutor)`,
    bankCode: bank.code,
    accountNumber: input.accountNumber,
    percentageCharge: ctx.config.payouts.platformFeePercent,
    email: tutor.email,
  });

  const saved = await ctx.db.transaction(async (tx) => {
    const current = await lockPayoutAccount(tx, tutor.id);
    const changed =
      !current || current.bankCode !== bank.code || current.accountNumber !== input.accountNumber;
    const holdUntil = changed
      ? new Date(Date.now() + ctx.config.payouts.holdHours * HOUR_MS)
      : current.holdUntil;
    const values = {
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
      accountName,
      subaccountCode,
      // A recipient is of one account: a changed account gets a new one at its first payout.
      recipientCode: changed ? null : current.recipientCode,
      holdUntil,
      updatedAt: new Date(),
    };
    const [row] = current
      ? await tx.update(payoutAccounts).set(values).where(eq(payoutAccounts.id, current.id)).returning()
      : await tx
          .insert(payoutAccounts)
          .values({ tutorId: tutor.id, ...values })
          .returning();
    await audit(
      tx,
      {
        actor: tutor,
        action: current ? 'payout_account.changed' : 'payout_account.set',
        subjectType: 'payout_account',
        subjectId: tutor.id,
        details: {
          bankCode: bank.code,
          bankName: bank.name,
          accountNumber: maskAccountNumber(input.accountNumber),
          accountName,
          previous: current
            ? { bankName: current.bankName, accountNumber: maskAccountNumber(current.accountNumber) }
            : null,
          holdUntil: holdUntil.toISOString(),
        },
      },
      origin,
    );
    await notify(tx, [
      {
        accountId: tutor.id,
        type: 'payout-account-changed',
        message: {
          key: 'notice.payoutAccountChanged',
          values: { bank: bank.name, account: maskAccountNumber(input.accountNumber), name: accountName },
        },
        link: '/tutor/settings',
      },
    ]);
    return row!;
  });

  const locale = localeOf(tutor.language);
  const t = translator(locale);
  await ctx.mailer
    .send({
      to: tutor.email,
      subject: t('email.subject.payoutAccountChanged'),
      text: [
        t('email.hello', { name: tutor.fullName }),
        '',
        t('email.payoutAccount.paidTo', {
          bank: bank.name,
          account: maskAccountNumber(input.accountNumber),
          name: accountName,
        }),
        t('email.payoutAccount.hold', { until: utcDateTime(locale, saved.holdUntil) }),
        '',
        t('email.payoutAccount.notYou'),
        '',
        'DevLearn',
      ].join('\n'),
    })
    .catch((err: unknown) => ctx.log.error({ err }, 'could not send the payout account email'));
  return saved;
}
