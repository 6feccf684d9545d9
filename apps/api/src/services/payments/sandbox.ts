import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxRecords, sandboxTransactions } from '../../db/schema-money.ts';
import { enqueue } from '../../jobs/queue.ts';
import type {
  InitializeInput,
  InitializeResult,
  PaymentProvider,
  RefundInput,
  RefundResult,
  VerifiedTransaction,
} from './types.ts';
import { PaymentProviderError } from './types.ts';

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;
export type SandboxRecord = typeof sandboxRecords.$inferSelect;

/** Where the sandbox's hosted payment page lives (outside the API base). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay';

/**
 * The job that delivers the sandbox's later events (jobs/sandbox-events.ts): a transfer or USSD payment's
 * `charge.success`, a refund's `refund.processed`, a payout transfer's `transfer.*` (sandbox-payouts.ts). It runs
 * `confirmDelayMs` after its cause, never from a browser.
 */
export const SANDBOX_EVENT_JOB = 'sandbox-event';
export type SandboxEventPayload =
  | { kind: 'charge'; reference: string }
  | { kind: 'refund'; code: string }
  | { kind: 'transfer'; reference: string };

/** The channels a payer may use on a transaction's page (all when the charge named none). */
export const allowedChannels = (tx: SandboxTransaction): string[] =>
  tx.channels?.length ? tx.channels : ['card', 'bank_transfer', 'ussd'];

/**
 * The built-in provider used when no Paystack key is set: it keeps its transactions in `sandbox_transactions` and
 * its refunds in `sandbox_records`, and serves a payment page on this server (routes/payments/sandbox-page.ts).
 * Same shapes as Paystack.
 */
export function sandboxProvider(opts: {
  db: Db;
  publicUrl: () => string;
  webhookSecret: string;
  /** How long a transfer, USSD payment or refund takes to be confirmed by webhook. */
  confirmDelayMs: () => number;
}): PaymentProvider {
  const { db } = opts;
  return {
    name: 'sandbox',
    webhookSecret: opts.webhookSecret,

    async initialize(input: InitializeInput): Promise<InitializeResult> {
      const accessCode = randomBytes(12).toString('hex');
      const inserted = await db
        .insert(sandboxTransactions)
        .values({
          reference: input.reference,
          email: input.email,
          amountKobo: input.amountKobo,
          currency: 'NGN',
          callbackUrl: input.callbackUrl,
          accessCode,
          channels: input.channels ?? null,
          split: (input.split as Record<string, unknown> | undefined) ?? null,
        })
        .onConflictDoNothing()
        .returning({ reference: sandboxTransactions.reference });
      if (inserted.length === 0) throw new PaymentProviderError(400, 'Duplicate Transaction Reference');
      return {
        authorization_url: `${input.pageBase ?? opts.publicUrl()}${SANDBOX_PAGE_PATH}/${accessCode}`,
        access_code: accessCode,
        reference: input.reference,
      };
    },

    async verify(reference: string): Promise<VerifiedTransaction | null> {
      const row = await sandboxTransactionByReference(db, reference);
      if (!row) return null;
      return {
        reference: row.reference,
        status: row.status,
        amountKobo: row.amountKobo,
        currency: row.currency,
        paidAt: row.paidAt?.toISOString() ?? null,
        customerEmail: row.email,
        channel: row.channel,
      };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const code = `RFD_${randomBytes(8).toString('hex')}`;
      return db.transaction(async (tx) => {
        // What is left of the payment covers the refund, or nothing changes (Paystack refuses over-refunds).
        const [row] = await tx
          .update(sandboxTransactions)
          .set({ refundedKobo: sql`${sandboxTransactions.refundedKobo} + ${input.amountKobo}` })
          .where(
            and(
              eq(sandboxTransactions.reference, input.reference),
              eq(sandboxTransactions.status, 'success'),
              sql`${sandboxTransactions.refundedKobo} + ${input.amountKobo} <= ${sandboxTransactions.amountKobo}`,
            ),
          )
          .returning();
        if (!row || input.amountKobo <= 0) {
          throw new PaymentProviderError(
            400,
            'The payment provider refused the refund: Transaction not refundable',
          );
        }
        await tx.insert(sandboxRecords).values({
          kind: 'refund',
          code,
          status: 'pending',
          data: { transaction_reference: input.reference, amount: input.amountKobo, currency: row.currency },
        });
        await enqueue(
          tx,
          SANDBOX_EVENT_JOB,
          { kind: 'refund', code },
          { runAt: later(opts.confirmDelayMs()) },
        );
        return { id: code, status: 'pending' };
      });
    },
  };
}

const later = (ms: number) => new Date(Date.now() + ms);

async function sandboxTransactionByReference(db: Db, reference: string) {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference))
    .limit(1);
  return row;
}

/** The sandbox transaction behind a payment page, or undefined. */
export async function findSandboxTransaction(
  db: Db,
  accessCode: string,
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.accessCode, accessCode))
    .limit(1);
  return row;
}

/**
 * Settles a sandbox page once (like Paystack's single-use authorization URL): 'success' for a card's Pay,
 * 'abandoned' for Cancel. Returns the row when this call settled it, undefined when it was already settled or unknown.
 */
export async function settleSandboxTransaction(
  db: Db,
  accessCode: string,
  outcome: 'success' | 'abandoned',
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .update(sandboxTransactions)
    .set(
      outcome === 'success'
        ? { status: outcome, paidAt: sql`now()`, channel: 'card' }
        : { status: outcome, paidAt: null },
    )
    .where(and(eq(sandboxTransactions.accessCode, accessCode), eq(sandboxTransactions.status, 'ongoing')))
    .returning();
  return row;
}

/**
 * The payer says the transfer or USSD payment is made: the transaction turns `pending` (verify says so) and its
 * confirmation is queued `delayMs` later. Returns the row when this call did it, undefined otherwise.
 */
export async function markSandboxSent(
  db: Db,
  accessCode: string,
  channel: 'bank_transfer' | 'ussd',
  delayMs: number,
): Promise<SandboxTransaction | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sandboxTransactions)
      .set({ status: 'pending', channel })
      .where(and(eq(sandboxTransactions.accessCode, accessCode), eq(sandboxTransactions.status, 'ongoing')))
      .returning();
    if (row)
      await enqueue(
        tx,
        SANDBOX_EVENT_JOB,
        { kind: 'charge', reference: row.reference },
        { runAt: later(delayMs) },
      );
    return row;
  });
}

/** The delayed confirmation of a `pending` transfer or USSD payment: now `success`. Answers the paid row, if any. */
export async function confirmSandboxCharge(
  db: Db,
  reference: string,
): Promise<SandboxTransaction | undefined> {
  await db
    .update(sandboxTransactions)
    .set({ status: 'success', paidAt: sql`now()` })
    .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'pending')));
  const row = await sandboxTransactionByReference(db, reference);
  return row?.status === 'success' ? row : undefined;
}

/** The delayed completion of a sandbox refund: `processed`. Answers the record, if it is a refund. */
export async function completeSandboxRefund(db: Db, code: string): Promise<SandboxRecord | undefined> {
  await db
    .update(sandboxRecords)
    .set({ status: 'processed' })
    .where(
      and(
        eq(sandboxRecords.kind, 'refund'),
        eq(sandboxRecords.code, code),
        eq(sandboxRecords.status, 'pending'),
      ),
    );
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.kind, 'refund'), eq(sandboxRecords.code, code)));
  return row;
}

/** The `charge.success` event Paystack would send for a paid transaction. */
export const sandboxChargeEvent = (tx: SandboxTransaction) => ({
  event: 'charge.success',
  data: {
    reference: tx.reference,
    status: 'success',
    amount: tx.amountKobo,
    currency: tx.currency,
    paid_at: tx.paidAt?.toISOString() ?? null,
    channel: tx.channel ?? 'card',
    customer: { email: tx.email },
  },
});

/** The `refund.processed` event Paystack would send for a refund. */
export const sandboxRefundEvent = (record: SandboxRecord) => ({
  event: 'refund.processed',
  data: {
    id: record.code,
    refund_reference: record.code,
    status: 'processed',
    transaction_reference: record.data.transaction_reference,
    amount: record.data.amount,
    currency: record.data.currency ?? 'NGN',
  },
});
