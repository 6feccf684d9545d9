import { koboToNaira } from '@app/contract/money';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto, TPayoutStanding, TWaitingBalance } from '@app/contract/payouts';
import type { TPayoutStatus } from '@app/contract/payment-rules';

/** One payout for the admin: naira, the account number masked. */
export function presentPayout(row: {
  id: number;
  reference: string;
  tutorId: number;
  tutorName: string;
  amountKobo: number;
  status: TPayoutStatus;
  bankName: string;
  accountNumber: string;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}): TPayoutDto {
  return {
    id: row.id,
    reference: row.reference,
    tutorId: row.tutorId,
    tutorName: row.tutorName,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    bankName: row.bankName,
    accountNumber: maskAccountNumber(row.accountNumber),
    failureReason: row.failureReason,
    timeCreated: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One tutor of the admin's payouts list. */
export function presentOwedTutor(row: {
  tutorId: number;
  fullName: string;
  email: string;
  owedKobo: number;
  bankName: string;
  accountNumber: string;
  accountName: string;
}) {
  return {
    tutorId: row.tutorId,
    fullName: row.fullName,
    email: row.email,
    owed: koboToNaira(row.owedKobo),
    bankName: row.bankName,
    accountNumber: maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
  };
}

/**
 * Where an owed balance stands for a payout: `nothing_owed`, no verified account (`no_account`), under the minimum
 * (`below_minimum`, which wins over a hold: the hold's end would not make it payable), in its account's hold
 * (`held`, payable from its end), else `payable`. The rule of `payTutors`, in words the admin and the tutor read.
 */
export function payoutStanding(
  owedKobo: number,
  account: { holdUntil: Date | string } | null | undefined,
  minimumKobo: number,
  now = new Date(),
): TPayoutStanding {
  const minimum = koboToNaira(minimumKobo);
  const at = (state: TPayoutStanding['state'], payableFrom: string | null = null) => ({
    state,
    payableFrom,
    minimum,
  });
  if (owedKobo <= 0) return at('nothing_owed');
  if (!account) return at('no_account');
  if (owedKobo < Math.max(1, minimumKobo)) return at('below_minimum');
  const holdUntil = new Date(account.holdUntil);
  if (holdUntil > now) return at('held', holdUntil.toISOString());
  return at('payable');
}

/** One balance of the admin's list of those that cannot be paid yet. */
export function presentWaitingBalance(
  row: {
    tutorId: number;
    fullName: string;
    email: string;
    owedKobo: number;
    holdUntil: Date | string | null;
    bankName: string | null;
    accountNumber: string | null;
  },
  minimumKobo: number,
  now = new Date(),
): TWaitingBalance {
  const standing = payoutStanding(
    row.owedKobo,
    row.holdUntil === null ? null : { holdUntil: row.holdUntil },
    minimumKobo,
    now,
  );
  return {
    tutorId: row.tutorId,
    fullName: row.fullName,
    email: row.email,
    owed: koboToNaira(row.owedKobo),
    // The query lists only balances that wait; `payable` cannot come back but is read as the hold just ended.
    reason: standing.state === 'no_account' || standing.state === 'below_minimum' ? standing.state : 'held',
    payableFrom: standing.payableFrom,
    bankName: row.bankName,
    accountNumber: row.accountNumber === null ? null : maskAccountNumber(row.accountNumber),
  };
}
