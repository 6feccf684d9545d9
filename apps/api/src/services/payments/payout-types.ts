import type { TPayoutStatus } from '@app/contract/payment-rules';

/** A Nigerian bank as Paystack lists it (`GET /bank?country=nigeria`). */
export type Bank = { name: string; code: string };

/** A tutor's subaccount, which receives their share of split payments (`POST /subaccount`). */
export type SubaccountInput = {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  /** The platform's whole percent of what the subaccount receives. */
  percentageCharge: number;
  email: string;
};

/** A transfer of a payout: our own unique reference, so that a retry can never pay twice. */
export type TransferInput = {
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
};

/** What the provider says about a transfer. `status` is Paystack's (`pending`, `otp`, `success`, `failed`, …). */
export type TransferState = {
  reference: string;
  status: TPayoutStatus | string;
  transferCode: string | null;
  /** Why it failed or was reversed, when the provider says. */
  reason: string | null;
};

/** Paystack's dynamic split (initialize's `split`): flat shares in kobo per subaccount. */
export type DynamicSplit = {
  type: 'flat';
  bearer_type: 'account' | 'subaccount' | 'all-proportional';
  bearer_subaccount?: string;
  subaccounts: { subaccount: string; share: number }[];
};

/**
 * Where tutors' money goes: banks and account checks, subaccounts for split payments, transfer recipients and
 * transfers of owed balances. Paystack (paystack-payouts.ts), or the sandbox (sandbox-payouts.ts).
 */
export interface PayoutProvider {
  listBanks(): Promise<Bank[]>;
  /** The account's name at the bank, or null when the bank does not know the number. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string } | null>;
  /** Creates the subaccount (code null) or updates it; answers its code (`ACCT_…`). */
  saveSubaccount(code: string | null, input: SubaccountInput): Promise<string>;
  /** A `nuban` transfer recipient for the account (`RCP_…`); the same account answers the same recipient. */
  createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  /** Sends a transfer from the balance; throws a PaymentProviderError when refused or unreachable. */
  transfer(input: TransferInput): Promise<TransferState>;
  /** The transfer under our reference, or null when the provider never received it. */
  verifyTransfer(reference: string): Promise<TransferState | null>;
}
