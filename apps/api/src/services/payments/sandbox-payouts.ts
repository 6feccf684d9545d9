import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxRecords } from '../../db/schema-money.ts';
import { enqueue } from '../../queue/queue.ts';
import type { Bank, PayoutProvider, TransferState } from './payout-types.ts';
import { SANDBOX_EVENT_JOB, type SandboxEventPayload, type SandboxRecord } from './sandbox.ts';
import { PaymentProviderError } from './types.ts';
import { UNREACHABLE } from './paystack-client.ts';

/** Real Nigerian banks with the codes Paystack uses for them. */
export const SANDBOX_BANKS: Bank[] = [
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Globus Bank', code: '00103' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Titan Trust Bank', code: '102' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];

/**
 * The sandbox's test switches, by the last four digits of the payout account number (docs/payments.md):
 * `0000` resolves to no account; a transfer to `9999` fails and one to `8888` is reversed (by webhook); a transfer
 * to `5555` is recorded but its answer is lost (a 503), as when the network drops after Paystack took it.
 */
export const SANDBOX_SWITCHES = { unknown: '0000', fails: '9999', reversed: '8888', answerLost: '5555' };

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Damilola',
  'Emeka',
  'Folake',
  'Ifeoma',
  'Kelechi',
  'Ngozi',
  'Oluwaseun',
];
const LAST = [
  'Adeyemi',
  'Balogun',
  'Chukwu',
  'Eze',
  'Ibrahim',
  'Nwosu',
  'Okafor',
  'Okonkwo',
  'Olawale',
  'Usman',
];

/** The name the sandbox's banks give an account: always the same for the same number. */
export function sandboxAccountName(accountNumber: string): string {
  const d = accountNumber.split('').map(Number);
  return `${FIRST[(d[6]! + d[9]!) % 10]} ${LAST[(d[7]! + d[8]!) % 10]}`.toUpperCase();
}

type TransferData = {
  amount: number;
  recipient: string;
  reason: string;
  transferCode: string;
  /** What the transfer becomes when it settles (the test switch of the recipient's account number). */
  settlesAs: 'success' | 'failed' | 'reversed';
  failureReason?: string | null;
};

const FAILURE_REASONS: Record<TransferData['settlesAs'], string | null> = {
  success: null,
  failed: 'Sandbox: the receiving bank declined the transfer',
  reversed: 'Sandbox: the transfer was reversed by the receiving bank',
};

const settlesAs = (accountNumber: string): TransferData['settlesAs'] => {
  const ending = accountNumber.slice(-4);
  if (ending === SANDBOX_SWITCHES.fails) return 'failed';
  if (ending === SANDBOX_SWITCHES.reversed) return 'reversed';
  return 'success';
};

const transferRecord = async (db: Db, reference: string) => {
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.kind, 'transfer'), eq(sandboxRecords.code, reference)))
    .limit(1);
  return row;
};

/**
 * The delayed settlement of a sandbox transfer (the `sandbox-event` job, jobs/sandbox-events.ts): a `pending`
 * transfer becomes what its recipient's test switch says. Answers the transfer once it is settled (again on a
 * retry, whose delivery the webhook handler absorbs), undefined for an unknown reference.
 */
export async function settleSandboxTransfer(db: Db, reference: string): Promise<SandboxRecord | undefined> {
  const row = await transferRecord(db, reference);
  if (!row) return undefined;
  if (row.status !== 'pending') return row;
  const status = (row.data as TransferData).settlesAs ?? 'success';
  const failureReason = FAILURE_REASONS[status];
  await db
    .update(sandboxRecords)
    .set({
      status,
      data: sql`${sandboxRecords.data} || ${JSON.stringify({ failureReason })}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sandboxRecords.id, row.id), eq(sandboxRecords.status, 'pending')));
  return transferRecord(db, reference);
}

/** The `transfer.success` / `transfer.failed` / `transfer.reversed` event Paystack would send for a transfer. */
export const sandboxTransferEvent = (row: SandboxRecord) => {
  const data = row.data as TransferData;
  return {
    event: `transfer.${row.status}`,
    data: {
      reference: row.code,
      status: row.status,
      amount: data.amount,
      currency: 'NGN',
      transfer_code: data.transferCode,
      reason: data.reason,
      gateway_response: data.failureReason ?? null,
      recipient: { recipient_code: data.recipient },
    },
  };
};

/**
 * The built-in payouts used when no Paystack key is set: a fixed bank list, account names derived from the
 * number, and subaccounts, recipients and transfers kept in `sandbox_records`. A transfer is recorded `pending`
 * with a `sandbox-event` job in the same transaction, due `confirmDelayMs` later, which settles it and delivers
 * its signed `transfer.success` / `transfer.failed` / `transfer.reversed` webhook (a server that stops before then
 * delivers it when a worker runs again).
 */
export function sandboxPayouts(opts: { db: Db; confirmDelayMs: () => number }): PayoutProvider {
  const { db } = opts;

  const stateOf = (row: SandboxRecord): TransferState => ({
    reference: row.code,
    status: row.status ?? 'pending',
    transferCode: (row.data as TransferData).transferCode,
    reason: typeof row.data.failureReason === 'string' ? row.data.failureReason : null,
  });

  return {
    async listBanks() {
      return SANDBOX_BANKS;
    },

    async resolveAccount(bankCode, accountNumber) {
      if (!SANDBOX_BANKS.some((b) => b.code === bankCode)) return null;
      if (!/^\d{10}$/.test(accountNumber) || accountNumber.endsWith(SANDBOX_SWITCHES.unknown)) return null;
      return { accountName: sandboxAccountName(accountNumber) };
    },

    async saveSubaccount(code, input) {
      const data = { ...input };
      if (code) {
        const [row] = await db
          .update(sandboxRecords)
          .set({ data, updatedAt: sql`now()` })
          .where(and(eq(sandboxRecords.kind, 'subaccount'), eq(sandboxRecords.code, code)))
          .returning({ code: sandboxRecords.code });
        if (row) return row.code;
      }
      const newCode = `ACCT_${randomBytes(8).toString('hex')}`;
      await db.insert(sandboxRecords).values({ kind: 'subaccount', code: newCode, status: 'active', data });
      return newCode;
    },

    async createRecipient(input) {
      // The same account answers the same recipient, as on Paystack.
      const code = `RCP_${createHash('sha256').update(`${input.bankCode}:${input.accountNumber}`).digest('hex').slice(0, 16)}`;
      await db
        .insert(sandboxRecords)
        .values({ kind: 'recipient', code, status: 'active', data: { type: 'nuban', ...input } })
        .onConflictDoUpdate({
          target: [sandboxRecords.kind, sandboxRecords.code],
          set: { data: { type: 'nuban', ...input }, updatedAt: sql`now()` },
        });
      return code;
    },

    async transfer(input) {
      const [recipient] = await db
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'recipient'), eq(sandboxRecords.code, input.recipientCode)))
        .limit(1);
      if (!recipient)
        throw new PaymentProviderError(400, 'The payment provider refused the transfer: unknown recipient');
      const accountNumber = String(recipient.data.accountNumber ?? '');
      const data: TransferData = {
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reason: input.reason,
        transferCode: `TRF_${randomBytes(8).toString('hex')}`,
        settlesAs: settlesAs(accountNumber),
      };
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(sandboxRecords)
          .values({ kind: 'transfer', code: input.reference, status: 'pending', data })
          .onConflictDoNothing()
          .returning();
        if (rows.length > 0) {
          const payload: SandboxEventPayload = { kind: 'transfer', reference: input.reference };
          await enqueue(tx, SANDBOX_EVENT_JOB, payload, {
            runAt: new Date(Date.now() + opts.confirmDelayMs()),
          });
        }
        return rows;
      });
      if (inserted.length === 0) {
        throw new PaymentProviderError(
          400,
          'The payment provider refused the transfer: Duplicate Transfer Reference',
        );
      }
      if (accountNumber.endsWith(SANDBOX_SWITCHES.answerLost))
        throw new PaymentProviderError(503, UNREACHABLE);
      return stateOf(inserted[0]!);
    },

    async verifyTransfer(reference) {
      const row = await transferRecord(db, reference);
      return row ? stateOf(row) : null;
    },
  };
}
