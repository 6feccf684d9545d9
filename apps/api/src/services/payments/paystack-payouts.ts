import { paystackClient, UNREACHABLE, type PaystackAnswer, type PaystackCall } from './paystack-client.ts';
import type { Bank, PayoutProvider, SubaccountInput, TransferState } from './payout-types.ts';
import { PaymentProviderError } from './types.ts';

type BankRow = { name?: string; code?: string; active?: boolean };

type PaystackTransfer = {
  reference?: string;
  status?: string;
  transfer_code?: string;
  gateway_response?: string | null;
};

/** Longest bank list read (pages of 100): Nigeria has a few hundred banks and microfinance banks. */
const MAX_BANK_PAGES = 10;

const refused = (what: string, message: string | undefined): never => {
  throw new PaymentProviderError(
    400,
    `The payment provider refused ${what}: ${message ?? 'no reason given'}`,
  );
};

/** A transfer as Paystack answers it. Its `reason` is the narration we sent, never why it failed. */
const transferState = (data: PaystackTransfer, reference: string): TransferState => ({
  reference: data.reference ?? reference,
  status: data.status ?? 'pending',
  transferCode: data.transfer_code ?? null,
  reason: data.gateway_response ?? null,
});

/**
 * Paystack's banks, account checks, subaccounts, transfer recipients and transfers
 * (https://paystack.com/docs/api/miscellaneous, /subaccount, /transfer-recipient, /transfer).
 */
export function paystackPayouts(opts: { secretKey: string; baseUrl: string }): PayoutProvider {
  const call: PaystackCall = paystackClient(opts);

  return {
    async listBanks(): Promise<Bank[]> {
      const banks: Bank[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_BANK_PAGES; page++) {
        const query: string = `country=nigeria&currency=NGN&perPage=100&use_cursor=true${cursor ? `&next=${encodeURIComponent(cursor)}` : ''}`;
        const { answer }: { answer: PaystackAnswer<BankRow[]> } = await call<BankRow[]>(
          'GET',
          `/bank?${query}`,
        );
        if (!answer.status || !Array.isArray(answer.data)) throw new PaymentProviderError(503, UNREACHABLE);
        for (const b of answer.data) {
          if (b.name && b.code && b.active !== false) banks.push({ name: b.name, code: b.code });
        }
        cursor = (answer as { meta?: { next?: string | null } }).meta?.next ?? null;
        if (!cursor) break;
      }
      return banks;
    },

    async resolveAccount(bankCode, accountNumber) {
      const { http, answer } = await call<{ account_name?: string }>(
        'GET',
        `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`,
      );
      if (answer.status && answer.data?.account_name) return { accountName: answer.data.account_name };
      // Paystack answers 400/422 for a number the bank does not know.
      if (http >= 400 && http < 500) return null;
      throw new PaymentProviderError(503, UNREACHABLE);
    },

    async saveSubaccount(code, input: SubaccountInput) {
      const body = {
        business_name: input.businessName,
        settlement_bank: input.bankCode,
        account_number: input.accountNumber,
        percentage_charge: input.percentageCharge,
        primary_contact_email: input.email,
        description: 'DevLearn tutor',
      };
      const { answer } = code
        ? await call<{ subaccount_code?: string }>('PUT', `/subaccount/${encodeURIComponent(code)}`, body)
        : await call<{ subaccount_code?: string }>('POST', '/subaccount', body);
      const saved = answer.data?.subaccount_code ?? code;
      if (!answer.status || !saved) return refused('the payout account', answer.message);
      return saved;
    },

    async createRecipient(input) {
      const { answer } = await call<{ recipient_code?: string }>('POST', '/transferrecipient', {
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: 'NGN',
      });
      if (!answer.status || !answer.data?.recipient_code) {
        return refused('the transfer recipient', answer.message);
      }
      return answer.data.recipient_code;
    },

    async transfer(input) {
      const { answer } = await call<PaystackTransfer>('POST', '/transfer', {
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
        currency: 'NGN',
      });
      if (!answer.status || !answer.data) return refused('the transfer', answer.message);
      return transferState(answer.data, input.reference);
    },

    async verifyTransfer(reference) {
      const { http, answer } = await call<PaystackTransfer>(
        'GET',
        `/transfer/verify/${encodeURIComponent(reference)}`,
      );
      if (answer.status && answer.data) return transferState(answer.data, reference);
      if (http === 404 || http === 400) return null;
      throw new PaymentProviderError(503, UNREACHABLE);
    },
  };
}
