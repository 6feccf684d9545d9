import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { INSTALMENT_STATES, PLAN_INTERVALS, PLAN_STATUSES } from '@app/contract/instalment-rules';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, courseRef } from './schema.ts';
import { orders } from './schema-money.ts';

// Instalment plans: what a course offers, what a student bought, each payment of it, the saved cards that pay them,
// and the reminders sent. docs/payments.md ("Instalment plans") tells the flow.

/** A plan a tutor offers beside a course's full price. */
export const coursePlans = pgTable(
  'course_plans',
  {
    id: serialId(),
    courseId: courseRef(),
    firstKind: text('first_kind', { enum: ['amount', 'percent'] }).notNull(),
    /** Kobo for `amount`, a whole percent of the plan's total for `percent`. */
    firstValue: bigint('first_value', { mode: 'number' }).notNull(),
    furtherPayments: integer('further_payments').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    /** Percent off what is left when the student pays the whole rest at once. */
    fullDiscountPercent: integer('full_discount_percent').notNull().default(0),
    removedAt: timestampTz('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_plans_course_idx').on(t.courseId),
    check('course_plans_further', sql`${t.furtherPayments} between 1 and 5`),
  ],
);

/** A card a student's payment left reusable (Paystack's `authorization`), until they remove it. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serialId(),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    authorizationCode: text('authorization_code').notNull(),
    /** The same card across payments has the same signature: it is saved once. */
    signature: text('signature'),
    email: text('email').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: text('exp_month'),
    expYear: text('exp_year'),
    bank: text('bank'),
    removedAt: timestampTz('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_authorization_uq').on(t.authorizationCode),
    index('saved_cards_student_idx').on(t.studentId),
  ],
);

/** A course bought on a plan: one per first payment's order. */
export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: serialId(),
    studentId: accountRef('student_id'),
    courseId: courseRef(),
    coursePlanId: requiredRef('course_plan_id', () => coursePlans.id),
    firstOrderId: requiredRef('first_order_id', () => orders.id),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('pending'),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    fullDiscountPercent: integer('full_discount_percent').notNull().default(0),
    /** The student agreed at checkout to have a reusable card saved and charged for the next payments. */
    consent: boolean('consent').notNull().default(false),
    cardId: integer('card_id').references(() => savedCards.id),
    /**
     * The referral visit its first payment was bought through (`referral_visits.id`, schema-referrals.ts): every
     * payment of the plan has the referral fee, as its first did.
     */
    referralVisitId: integer('referral_visit_id'),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('instalment_plans_first_order_uq').on(t.firstOrderId),
    index('instalment_plans_student_idx').on(t.studentId, t.courseId),
    index('instalment_plans_status_idx').on(t.status),
  ],
);

/** One payment of a plan. Number 1 is paid at checkout; the last takes the remainder of the total. */
export const instalments = pgTable(
  'instalments',
  {
    id: serialId(),
    planId: requiredRef('plan_id', () => instalmentPlans.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueAt: timestampTz('due_at').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    state: text('state', { enum: INSTALMENT_STATES }).notNull().default('scheduled'),
    /** The order that paid it. */
    orderId: integer('order_id').references(() => orders.id),
    paidAt: timestampTz('paid_at'),
    /** The saved-card charge in flight (`charging`): its order's reference and when it started. */
    chargeReference: text('charge_reference'),
    chargeStartedAt: timestampTz('charge_started_at'),
    /** Why the last charge of the saved card failed, as the provider said. */
    lastFailure: text('last_failure'),
  },
  (t) => [
    uniqueIndex('instalments_plan_number_uq').on(t.planId, t.number),
    index('instalments_due_idx').on(t.dueAt),
    check('instalments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** Which instalments an order pays (one, or the whole rest at once): read by the fulfilment. */
export const planPayments = pgTable(
  'plan_payments',
  {
    orderId: requiredRef('order_id', () => orders.id).primaryKey(),
    planId: requiredRef('plan_id', () => instalmentPlans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['first', 'instalment', 'rest', 'card'] }).notNull(),
    fromNumber: integer('from_number').notNull(),
    toNumber: integer('to_number').notNull(),
    /** The full-payment discount taken off a `rest` payment. */
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('plan_payments_plan_idx').on(t.planId)],
);

/** A reminder sent for an instalment (before, on and after its due date): each at most once. */
export const planReminders = pgTable(
  'plan_reminders',
  {
    instalmentId: requiredRef('instalment_id', () => instalments.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_reminders_uq').on(t.instalmentId, t.step)],
);
