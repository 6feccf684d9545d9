import { koboToNaira } from '@app/contract/money';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto } from '@app/contract/payouts';
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
