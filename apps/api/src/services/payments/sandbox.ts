import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxTransactions } from '../../db/schema-money.ts';
import type { InitializeInput, InitializeResult, PaymentProvider, VerifiedTransaction } from './types.ts';
import { PaymentProviderError } from './types.ts';

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;

/** Where the sandbox's hosted payment page lives (outside the API base). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay';

/**
 * The built-in provider used when no Paystack key is set: it keeps its transactions in `sandbox_transactions`
 * and serves a payment page on this server (routes/payments/sandbox-page.ts). Same shapes as Paystack.
 */
export function sandboxProvider(opts: {
  db: Db;
  publicUrl: () => string;
  webhookSecret: string;
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
        })
        .onConflictDoNothing()
        .returning({ reference: sandboxTransactions.reference });
      if (inserted.length === 0) throw new PaymentProviderError(400, 'Duplicate Transaction Reference');
      return {
        authorization_url: `${opts.publicUrl()}${SANDBOX_PAGE_PATH}/${accessCode}`,
        access_code: accessCode,
        reference: input.reference,
      };
    },

    async verify(reference: string): Promise<VerifiedTransaction | null> {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.reference, reference))
        .limit(1);
      if (!row) return null;
      return {
        reference: row.reference,
        status: row.status,
        amountKobo: row.amountKobo,
        currency: row.currency,
        paidAt: row.paidAt?.toISOString() ?? null,
        customerEmail: row.email,
      };
    },
  };
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
 * Settles a sandbox page once (like Paystack's single-use authorization URL): 'success' for Pay, 'abandoned' for
 * Cancel. Returns the row when this call settled it, undefined when it was already settled or unknown.
 */
export async function settleSandboxTransaction(
  db: Db,
  accessCode: string,
  outcome: 'success' | 'abandoned',
): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .update(sandboxTransactions)
    .set({ status: outcome, paidAt: outcome === 'success' ? sql`now()` : null })
    .where(and(eq(sandboxTransactions.accessCode, accessCode), eq(sandboxTransactions.status, 'ongoing')))
    .returning();
  return row;
}
