import { z } from 'zod';
import { envelope, ZId, ZIdInput, ZPageRequest } from './common.ts';
import { LEDGER_ROUTES, PAYOUT_STATUSES } from './payment-rules.ts';

// Banks, tutors' payout accounts, the ledger and payouts (docs/payments.md). Amounts are naira; times ISO 8601.

export const ZBank = z.object({ name: z.string(), code: z.string() });
export const ZBankListResponse = envelope({ banks: z.array(ZBank) });

const ZBankCode = z
  .string({ error: 'Choose a bank' })
  .trim()
  .regex(/^[0-9A-Za-z-]{2,20}$/, { error: 'Choose a bank from the list' });
/** A Nigerian NUBAN: exactly 10 digits. */
export const ZNuban = z
  .string({ error: 'Account number is required' })
  .trim()
  .regex(/^\d{10}$/, { error: 'The account number must be exactly 10 digits (NUBAN).' });

export const ZBankResolveRequest = z.object({ bankCode: ZBankCode, accountNumber: ZNuban });
export const ZBankResolveResponse = envelope({ accountName: z.string() });
export const UNKNOWN_ACCOUNT_MESSAGE = 'We could not find that account at this bank.';

export const ZPayoutAccountRequest = z.object({
  bankCode: ZBankCode,
  accountNumber: ZNuban,
  password: z.string({ error: 'Your password is required' }).min(1, { error: 'Your password is required' }),
  code: z
    .string({ error: 'The code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code has 6 digits' }),
  /** The authenticator app's code (or a recovery code): required when the tutor has two-factor sign-in on. */
  totp: z.string().trim().max(40, { error: 'The authenticator code is at most 40 characters' }).optional(),
});
export const ZEmptyRequest = z.object({}).optional();

/** The tutor's payout account; the number is masked (`******7890`). */
export const ZPayoutAccount = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  /** Until then no payout goes to it and new sales are owed, not split (an account just changed). */
  holdUntil: z.string().nullable(),
  /** True when the tutor's share of new sales is split to this account in the payment itself. */
  splitActive: z.boolean(),
});
export const ZPayoutAccountResponse = envelope({ payoutAccount: ZPayoutAccount.nullable() });
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

/**
 * Why an owed balance cannot be paid yet: `held` (the payout account was set or changed: payable from `payableFrom`),
 * `below_minimum` (under PAYOUT_MINIMUM_NAIRA: payable once it reaches `minimum`), `no_account` (no verified payout
 * account: payable once one is added, then held PAYOUT_HOLD_HOURS).
 */
export const PAYOUT_WAIT_REASONS = ['held', 'below_minimum', 'no_account'] as const;
export const ZPayoutWaitReason = z.enum(PAYOUT_WAIT_REASONS);
export type TPayoutWaitReason = z.infer<typeof ZPayoutWaitReason>;

// ---- the ledger ---------------------------------------------------------------------------------------------------
/**
 * Where the tutor's owed balance stands: `payable` (the admin can pay it now), `nothing_owed`, or why it waits
 * (`PAYOUT_WAIT_REASONS`), with the hold's end for `held` and PAYOUT_MINIMUM_NAIRA.
 */
export const ZPayoutStanding = z.object({
  state: z.enum(['payable', 'nothing_owed', ...PAYOUT_WAIT_REASONS]),
  payableFrom: z.string().nullable(),
  minimum: z.number(),
});
export type TPayoutStanding = z.infer<typeof ZPayoutStanding>;

export const ZEarningsSummaryResponse = envelope({
  payout: ZPayoutStanding,
  owed: z.number(),
  inTransfer: z.number(),
  paidOut: z.number(),
  settledBySplit: z.number(),
  refunded: z.number(),
  byMonth: z.array(z.object({ month: z.string(), gross: z.number(), fee: z.number(), net: z.number() })),
  /** Instalment plans of the tutor's courses: the net received so far, and the net of the payments still scheduled. */
  instalments: z.object({ received: z.number(), scheduled: z.number() }).optional(),
});
export type TEarningsSummary = z.infer<typeof ZEarningsSummaryResponse>;

export const ZLedgerLine = z.object({
  id: ZId,
  date: z.string(),
  kind: z.enum(['sale', 'refund']),
  courseId: ZId,
  courseTitle: z.string(),
  buyerFirstName: z.string(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
  route: z.enum(LEDGER_ROUTES),
  /** `settled` (split), `owed`, `in_transfer`, `paid_out`. */
  status: z.string(),
  /** A referral sale's line (or its refund): the fee is REFERRAL_FEE_PERCENT (docs/payments.md, "Referral links"). */
  referral: z.boolean(),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;
export const ZLedgerResponse = envelope({ lines: z.array(ZLedgerLine), totalData: z.number() });

// ---- admin payouts ------------------------------------------------------------------------------------------------
export const ZPayoutStatus = z.enum(PAYOUT_STATUSES);
export const ZOwedTutor = z.object({
  tutorId: ZId,
  fullName: z.string(),
  email: z.string(),
  owed: z.number(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});

/** A tutor's owed balance that cannot be paid yet, with the reason and, for a hold, when it ends (ISO 8601). */
export const ZWaitingBalance = z.object({
  tutorId: ZId,
  fullName: z.string(),
  email: z.string(),
  owed: z.number(),
  reason: ZPayoutWaitReason,
  payableFrom: z.string().nullable(),
  /** The masked account, when there is one. */
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type TWaitingBalance = z.infer<typeof ZWaitingBalance>;

export const ZOwedTutorsResponse = envelope({
  tutors: z.array(ZOwedTutor),
  totalData: z.number(),
  /** Balances that cannot be paid yet, largest first (at most 100), and how many there are. */
  waiting: z.array(ZWaitingBalance),
  waitingTotal: z.number(),
  /** PAYOUT_MINIMUM_NAIRA. */
  minimum: z.number(),
});

export const ZPayRequest = z.object({
  tutorIds: z.array(ZIdInput).min(1, { error: 'Choose at least one tutor' }).max(100),
});
export const ZPayoutDto = z.object({
  id: ZId,
  reference: z.string(),
  tutorId: ZId,
  tutorName: z.string(),
  amount: z.number(),
  status: ZPayoutStatus,
  bankName: z.string(),
  accountNumber: z.string(),
  failureReason: z.string().nullable(),
  timeCreated: z.string(),
  updatedAt: z.string(),
});
export type TPayoutDto = z.infer<typeof ZPayoutDto>;
export const ZPayResponse = envelope({ payouts: z.array(ZPayoutDto) });
export const ZPayoutHistoryRequest = ZPageRequest;
export const ZPayoutHistoryResponse = envelope({ payouts: z.array(ZPayoutDto), totalData: z.number() });
