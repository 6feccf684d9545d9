import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxRecords, sandboxTransactions } from '../../db/schema-money.ts';
import { enqueue } from '../../queue/queue.ts';
import type {
  ChargeAuthorizationInput,
  ChargeAuthorizationResult,
  InitializeInput,
  InitializeResult,
  PaymentProvider,
  RefundInput,
  RefundResult,
  VerifiedTransaction,
} from './types.ts';
import { PaymentProviderError, readAuthorization } from './types.ts';

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
        authorization: readAuthorization(row.authorization),
      };
    },

    async chargeAuthorization(input: ChargeAuthorizationInput): Promise<ChargeAuthorizationResult> {
      return db.transaction(async (tx) => {
        const [card] = await tx
          .select()
          .from(sandboxRecords)
          .where(
            and(eq(sandboxRecords.kind, 'authorization'), eq(sandboxRecords.code, input.authorizationCode)),
          );
        if (!card || card.status !== 'active' || card.data.email !== input.email) {
          throw new PaymentProviderError(
            400,
            'The payment provider refused the charge: Invalid authorization code',
          );
        }
        const failed = card.data.insufficientFunds === true;
        const inserted = await tx
          .insert(sandboxTransactions)
          .values({
            reference: input.reference,
            email: input.email,
            amountKobo: input.amountKobo,
            currency: 'NGN',
            accessCode: randomBytes(12).toString('hex'),
            status: failed ? 'failed' : 'success',
            channels: ['card'],
            channel: 'card',
            split: (input.split as Record<string, unknown> | undefined) ?? null,
            authorization: card.data.authorization as Record<string, unknown>,
            paidAt: failed ? null : sql`now()`,
          })
          .onConflictDoNothing()
          .returning({ reference: sandboxTransactions.reference });
        if (inserted.length === 0) throw new PaymentProviderError(400, 'Duplicate Transaction Reference');
        // Paystack follows a successful charge with its `charge.success` webhook: delivered from the job queue.
        if (!failed) await enqueue(tx, SANDBOX_EVENT_JOB, { kind: 'charge', reference: input.reference });
        return {
          status: failed ? 'failed' : 'success',
          reference: input.reference,
          amountKobo: input.amountKobo,
          currency: 'NGN',
          gatewayResponse: failed ? 'Insufficient Funds' : 'Approved',
        };
      });
    },

    async deactivateAuthorization(authorizationCode: string): Promise<void> {
      const [row] = await db
        .update(sandboxRecords)
        .set({ status: 'deactivated' })
        .where(and(eq(sandboxRecords.kind, 'authorization'), eq(sandboxRecords.code, authorizationCode)))
        .returning({ code: sandboxRecords.code });
      if (!row)
        throw new PaymentProviderError(
          400,
          'The payment provider could not remove the card: Authorization not found',
        );
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
 * 'abandoned' for Cancel. A card payment gets an authorization, reusable only when the payer ticked "Save this card"
 * (then kept as a chargeable card). Returns the row when this call settled it, undefined when it was already settled
 * or unknown.
 */
export async function settleSandboxTransaction(
  db: Db,
  accessCode: string,
  outcome: 'success' | 'abandoned',
  opts: { saveCard?: boolean } = {},
): Promise<SandboxTransaction | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ email: sandboxTransactions.email })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.accessCode, accessCode));
    const authorization =
      outcome === 'success' && found ? sandboxAuthorization(found.email, !!opts.saveCard) : null;
    const [row] = await tx
      .update(sandboxTransactions)
      .set(
        outcome === 'success'
          ? { status: outcome, paidAt: sql`now()`, channel: 'card', authorization }
          : { status: outcome, paidAt: null },
      )
      .where(and(eq(sandboxTransactions.accessCode, accessCode), eq(sandboxTransactions.status, 'ongoing')))
      .returning();
    if (row && authorization?.reusable) {
      await tx.insert(sandboxRecords).values({
        kind: 'authorization',
        code: String(authorization.authorization_code),
        status: 'active',
        data: { email: row.email, authorization, insufficientFunds: false },
      });
    }
    return row;
  });
}

/** The sandbox's test card (Paystack's test Visa ending 4081): the same signature for the same payer. */
function sandboxAuthorization(email: string, reusable: boolean): Record<string, unknown> {
  return {
    authorization_code: `AUTH_${randomBytes(8).toString('hex')}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    card_type: 'visa',
    bank: 'TEST BANK',
    brand: 'visa',
    country_code: 'NG',
    reusable,
    signature: `SIG_${createHash('sha256').update(email).digest('hex').slice(0, 20)}`,
    account_name: null,
  };
}

/**
 * The sandbox's test switch for a saved card: with `insufficientFunds` its next charges fail with 'Insufficient
 * Funds', as a card with no money left would; without, they succeed. False when the card is unknown.
 */
export async function setSandboxCardFunds(
  db: Db,
  authorizationCode: string,
  insufficientFunds: boolean,
): Promise<boolean> {
  const rows = await db
    .update(sandboxRecords)
    .set({
      data: sql`jsonb_set(${sandboxRecords.data}, '{insufficientFunds}', ${JSON.stringify(insufficientFunds)}::jsonb)`,
    })
    .where(and(eq(sandboxRecords.kind, 'authorization'), eq(sandboxRecords.code, authorizationCode)))
    .returning({ code: sandboxRecords.code });
  return rows.length > 0;
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
    ...(tx.authorization ? { authorization: tx.authorization } : {}),
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
