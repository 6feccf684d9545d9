import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ORDER_STATUSES,
  PAYMENT_CHANNELS,
  PAYOUT_STATUSES,
  REFUND_STATUSES,
} from '@app/contract/payment-rules';
import { createdAt, requiredRef, serialId, timestampTz, updatedAt } from './columns.ts';
import { accountRef, accounts, courseRef } from './schema.ts';

// The money: orders and their lines, enrolments, refunds, the tutors' ledger, payout accounts and payouts, the
// audit of who changed where money goes, and the sandbox provider's own records. docs/payments.md tells the flow.

/** A checkout: a unique provider reference, its lines, and where the money is (docs/payments.md, "Orders"). */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    reference: text('reference').notNull().unique(),
    studentId: accountRef('student_id'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The channel the student chose (`card`, `bank_transfer`, `ussd`); null offers every channel. */
    channel: text('channel', { enum: PAYMENT_CHANNELS }),
    /** The channel the provider says the money came through, once paid. */
    paidChannel: text('paid_channel'),
    /** What the provider was asked to charge, in kobo. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** False for a spec-style charge (amount only) whose lines are fixed at verification. */
    linesFixed: boolean('lines_fixed').notNull().default(true),
    provider: text('provider').notNull(),
    /** When an unpaid order becomes `abandoned` (30 minutes after it was made). */
    expiresAt: timestampTz('expires_at'),
    /** Set when the student cancelled it (it is then `abandoned`). */
    cancelledAt: timestampTz('cancelled_at'),
    createdAt: createdAt(),
    paidAt: timestampTz('paid_at'),
  },
  (t) => [
    index('orders_student_idx').on(t.studentId, t.createdAt),
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One course of an order, priced by the server. The platform fee and the tutor's net are fixed when the order is
 * made, with how the net travels: `split` (to the tutor's Paystack subaccount in the payment itself) or `owed`
 * (paid out later by transfer).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    courseId: courseRef(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    tutorId: integer('tutor_id').references(() => accounts.id),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull().default(0),
    netKobo: bigint('net_kobo', { mode: 'number' }).notNull().default(0),
    route: text('route', { enum: ['split', 'owed'] })
      .notNull()
      .default('owed'),
    /** The tutor's subaccount the net was split to (route `split`). */
    subaccountCode: text('subaccount_code'),
    /** The coupon that took `discountKobo` off the course's price (`priceKobo` is what is charged). */
    couponId: integer('coupon_id'),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * A referral sale's visit (`referral_visits.id`, schema-referrals.ts): its fee is REFERRAL_FEE_PERCENT, and
     * `referralExtraKobo` is what the tutor's net gained over the usual fee.
     */
    referralVisitId: integer('referral_visit_id'),
    referralExtraKobo: bigint('referral_extra_kobo', { mode: 'number' }).notNull().default(0),
    /** A team's seat order (schema-teams.ts): the seats of the course `priceKobo` pays for (1 otherwise). */
    seats: integer('seats').notNull().default(1),
  },
  (t) => [uniqueIndex('order_lines_order_course_uq').on(t.orderId, t.courseId)],
);

/** A student owns a course once: the unique index makes double fulfilment impossible. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: serialId(),
    studentId: accountRef('student_id'),
    courseId: courseRef(),
    orderId: integer('order_id').references(() => orders.id),
    /** What the student actually paid for this course, in kobo. */
    pricePaidKobo: bigint('price_paid_kobo', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrolments_student_course_uq').on(t.studentId, t.courseId),
    index('enrolments_course_idx').on(t.courseId, t.createdAt),
  ],
);

/** The sandbox provider's own record of transactions (used only when no Paystack key is set). */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  email: text('email').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  callbackUrl: text('callback_url'),
  accessCode: text('access_code').notNull(),
  status: text('status').notNull().default('ongoing'),
  /** The `channels` the charge allowed (null: all), and the one the payer used. */
  channels: jsonb('channels').$type<string[]>(),
  channel: text('channel'),
  /** The split the charge carried, as Paystack would have made it (tests read it). */
  split: jsonb('split').$type<Record<string, unknown>>(),
  refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
  /** The card's authorization a card payment gave (Paystack's `data.authorization`), reusable or not. */
  authorization: jsonb('authorization').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  paidAt: timestampTz('paid_at'),
});

/**
 * A student's request to refund one line of a paid order: once per line. `requested` → `rejected`, or `approved`
 * (sent to the provider) → `processed` (the provider's refund.processed) or `failed`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    orderLineId: requiredRef('order_line_id', () => orderLines.id),
    orderId: requiredRef('order_id', () => orders.id),
    studentId: accountRef('student_id'),
    courseId: courseRef(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** How much of the course the student had watched when they asked (0–100). */
    watchedPercent: integer('watched_percent').notNull().default(0),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    adminId: integer('admin_id').references(() => accounts.id),
    adminNote: text('admin_note'),
    /** The provider's id of the refund, once asked. */
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    decidedAt: timestampTz('decided_at'),
    processedAt: timestampTz('processed_at'),
  },
  (t) => [
    uniqueIndex('refunds_order_line_uq').on(t.orderLineId),
    index('refunds_status_idx').on(t.status, t.createdAt),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/**
 * The tutors' ledger: amounts are written once and never edited. A paid line writes a `sale` (gross, fee, net and
 * its route) in the enrolment's transaction; a processed refund writes a `refund` line with negative amounts.
 * Payouts do not write lines: a payout covers owed lines through `payout_items`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialId(),
    tutorId: accountRef('tutor_id'),
    kind: text('kind', { enum: ['sale', 'refund'] }).notNull(),
    orderId: requiredRef('order_id', () => orders.id),
    orderLineId: requiredRef('order_line_id', () => orderLines.id),
    courseId: courseRef(),
    studentId: accountRef('student_id'),
    grossKobo: bigint('gross_kobo', { mode: 'number' }).notNull(),
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull(),
    netKobo: bigint('net_kobo', { mode: 'number' }).notNull(),
    route: text('route', { enum: ['split', 'owed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One sale and at most one refund per order line: replays cannot write twice.
    uniqueIndex('ledger_entries_line_kind_uq').on(t.orderLineId, t.kind),
    index('ledger_entries_tutor_idx').on(t.tutorId, t.createdAt),
    check('ledger_entries_reconciles', sql`${t.feeKobo} + ${t.netKobo} = ${t.grossKobo}`),
  ],
);

/** A tutor's verified payout account (one per tutor) and its Paystack subaccount and transfer recipient. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serialId(),
    tutorId: accountRef('tutor_id', { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The name the bank resolved the number to. */
    accountName: text('account_name').notNull(),
    subaccountCode: text('subaccount_code'),
    recipientCode: text('recipient_code'),
    /** No payout and no split to this account before this time (PAYOUT_HOLD_HOURS after a change). */
    holdUntil: timestampTz('hold_until').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_accounts_tutor_uq').on(t.tutorId)],
);

/** Codes emailed to confirm a change of payout account; only a hash is kept. */
export const payoutCodes = pgTable(
  'payout_codes',
  {
    id: serialId(),
    tutorId: accountRef('tutor_id', { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('payout_codes_tutor_idx').on(t.tutorId, t.createdAt)],
);

/** A transfer of a tutor's owed balance, under our own unique reference (a retry can never pay twice). */
export const payouts = pgTable(
  'payouts',
  {
    id: serialId(),
    reference: text('reference').notNull().unique(),
    tutorId: accountRef('tutor_id'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** Why it failed or was reversed, as the provider said. */
    failureReason: text('failure_reason'),
    adminId: accountRef('admin_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payouts_tutor_idx').on(t.tutorId, t.createdAt)],
);

/** The owed ledger lines a payout covers: a line is covered by at most one live payout. */
export const payoutItems = pgTable(
  'payout_items',
  {
    payoutId: requiredRef('payout_id', () => payouts.id),
    ledgerEntryId: requiredRef('ledger_entry_id', () => ledgerEntries.id),
  },
  (t) => [
    uniqueIndex('payout_items_uq').on(t.payoutId, t.ledgerEntryId),
    index('payout_items_entry_idx').on(t.ledgerEntryId),
  ],
);

/** Who changed where money goes, or moved it, when and from where: payout account changes, payouts, refunds. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    actorId: integer('actor_id').references(() => accounts.id),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    // The screen's filter by action, and its list of the actions the log holds (one index step per action).
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
);

/** The sandbox's subaccounts, transfer recipients, transfers and refunds (only without a Paystack key). */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    id: serialId(),
    kind: text('kind', {
      enum: ['subaccount', 'recipient', 'transfer', 'refund', 'authorization'],
    }).notNull(),
    /** ACCT_…, RCP_…, our transfer reference, or the refund's id. */
    code: text('code').notNull(),
    status: text('status'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_records_kind_code_uq').on(t.kind, t.code)],
);
