import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts } from './schema.ts';
import { orders } from './schema-money.ts';

// Gifts: an order paid by one person for another, who redeems it with a single-use code (docs/payments.md, "Gifts").

/**
 * The gift of one order (all its courses). The code is never stored: it is an HMAC of the gift's id and
 * `generation` keyed from the JWT secret (lib/gift-code.ts); `codeHash` (its SHA-256) finds the gift from a code.
 * Passing it on raises the generation, so the old code stops working.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    buyerId: accountRef('buyer_id'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** The Lagos day the buyer chose (YYYY-MM-DD); null: sent on payment. */
    sendOn: text('send_on'),
    /** When the email goes out (08:00 Lagos on `sendOn`), on the gift clock; null: on payment. */
    sendAt: timestampTz('send_at'),
    generation: integer('generation').notNull().default(1),
    codeHash: text('code_hash'),
    /** Set when the send job takes the email (cleared again if the send fails, for its retry). */
    sentAt: timestampTz('sent_at'),
    redeemedAt: timestampTz('redeemed_at'),
    redeemedBy: integer('redeemed_by').references(() => accounts.id),
    /** Set when a recipient who owned the courses passed the gift on (once), with who did it. */
    passedOnAt: timestampTz('passed_on_at'),
    passedOnBy: integer('passed_on_by').references(() => accounts.id),
    /** The first recipient's email, once passed on (`recipientEmail` is then the new one). */
    passedOnFrom: text('passed_on_from'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gifts_order_uq').on(t.orderId),
    uniqueIndex('gifts_code_hash_uq').on(t.codeHash),
    index('gifts_buyer_idx').on(t.buyerId),
  ],
);
export type Gift = typeof gifts.$inferSelect;
