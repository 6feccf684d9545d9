import { z } from 'zod';
import { envelope, numberInput, ZId, ZIdInput, ZPageRequest } from './common.ts';
import { PAYMENT_CHANNELS } from './payment-rules.ts';
import { PLAN_INTERVALS, PLAN_STATUSES, INSTALMENT_STATES } from './instalment-rules.ts';

// Instalment plans (docs/payments.md, "Instalment plans"). Amounts are naira, times ISO 8601 strings.

const wholeNumber = (min: number, max: number, field: string) =>
  numberInput(
    z
      .number()
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
    `${field} must be a number`,
  );

// ---- the plans a tutor offers ---------------------------------------------------------------------------------------
/**
 * A plan offered beside a course's full price: the first payment (naira, or a percent of the plan's total), 1 to 5
 * further payments a week or a month apart, and an optional discount (percent) for paying the whole rest at once.
 */
export const ZPlanSaveRequest = z.object({
  id: ZIdInput.optional(),
  courseId: ZIdInput,
  firstKind: z.enum(['amount', 'percent'], { error: 'firstKind must be amount or percent' }),
  /** Naira when `firstKind` is `amount`, a whole percent (1–90) when `percent`. */
  firstValue: numberInput(z.number().positive({ error: 'firstValue must be more than 0' })),
  furtherPayments: wholeNumber(1, 5, 'furtherPayments'),
  interval: z.enum(PLAN_INTERVALS, { error: 'interval must be week or month' }),
  fullPaymentDiscountPercent: wholeNumber(0, 50, 'fullPaymentDiscountPercent').default(0),
});
export type TPlanSaveRequest = z.infer<typeof ZPlanSaveRequest>;

/** One payment of a schedule: its number (1 is paid at checkout), when it is due and how much. */
export const ZScheduleItem = z.object({ number: z.number(), dueAt: z.string(), amount: z.number() });
export type TScheduleItem = z.infer<typeof ZScheduleItem>;

export const ZCoursePlan = z.object({
  id: ZId,
  courseId: ZId,
  firstKind: z.enum(['amount', 'percent']),
  firstValue: z.number(),
  furtherPayments: z.number(),
  interval: z.enum(PLAN_INTERVALS),
  fullPaymentDiscountPercent: z.number(),
  /** The plan's total at today's price (a live sale's, when lower), and its schedule from today. */
  total: z.number(),
  schedule: z.array(ZScheduleItem),
});
export type TCoursePlan = z.infer<typeof ZCoursePlan>;
export const ZPlanSaveResponse = envelope({ plan: ZCoursePlan });
export const ZPlanListRequest = z.object({ courseId: ZIdInput });
export const ZPlanListResponse = envelope({ plans: z.array(ZCoursePlan) });
export const ZPlanRemoveRequest = z.object({ id: ZIdInput });

/** A plan's schedule for this student with a coupon, before paying (the coupon's and a sale's stacking rule). */
export const ZPlanQuoteRequest = z.object({
  planId: ZIdInput,
  coupon: z.string().trim().max(40).optional(),
  /** A seat in this cohort of the plan's course (its own price, when it has one). */
  cohortId: ZIdInput.optional(),
});
export const ZPlanQuoteResponse = envelope({ total: z.number(), schedule: z.array(ZScheduleItem) });

// ---- a student's plans --------------------------------------------------------------------------------------------
export const ZInstalment = z.object({
  id: ZId,
  number: z.number(),
  dueAt: z.string(),
  amount: z.number(),
  state: z.enum(INSTALMENT_STATES),
  paidAt: z.string().nullable(),
  /** The order that paid it. */
  reference: z.string().nullable(),
});
export type TInstalment = z.infer<typeof ZInstalment>;

/** The plan an order belongs to, as the order page and the receipt show it. */
export const ZOrderPlan = z.object({
  id: ZId,
  status: z.enum(PLAN_STATUSES),
  total: z.number(),
  instalments: z.array(ZInstalment),
});
export type TOrderPlan = z.infer<typeof ZOrderPlan>;

export const ZPurchasedPlan = z.object({
  id: ZId,
  courseId: ZId,
  title: z.string(),
  status: z.enum(PLAN_STATUSES),
  interval: z.enum(PLAN_INTERVALS),
  total: z.number(),
  paid: z.number(),
  /** What is due and unpaid now (past its due date). */
  arrears: z.number(),
  /** What paying the whole rest now costs (the full-payment discount taken off). */
  restNow: z.number(),
  fullPaymentDiscountPercent: z.number(),
  /** The first payment's order. */
  reference: z.string(),
  /** The saved card future payments are charged to, or null (payment links are sent instead). */
  card: z.object({ id: ZId, brand: z.string(), last4: z.string() }).nullable(),
  instalments: z.array(ZInstalment),
});
export type TPurchasedPlan = z.infer<typeof ZPurchasedPlan>;
export const ZPlanMineResponse = envelope({ plans: z.array(ZPurchasedPlan) });
export const ZPlanIdRequest = z.object({ planId: ZIdInput });
export const ZPlanGetResponse = envelope({ plan: ZPurchasedPlan });

/** Pay one instalment (`instalmentId`), or everything still owed (`rest`), on any channel or the one named. */
export const ZPlanPayRequest = z.object({
  planId: ZIdInput,
  instalmentId: ZIdInput.optional(),
  rest: z.boolean().optional(),
  channel: z.enum(PAYMENT_CHANNELS, { error: 'channel must be one of card, bank_transfer, ussd' }).optional(),
});
export type TPlanPayRequest = z.infer<typeof ZPlanPayRequest>;

// ---- saved cards ----------------------------------------------------------------------------------------------------
export const ZSavedCard = z.object({
  id: ZId,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.string().nullable(),
  expYear: z.string().nullable(),
  bank: z.string().nullable(),
});
export const ZSavedCardListResponse = envelope({ cards: z.array(ZSavedCard) });
export const ZSavedCardRemoveRequest = z.object({ id: ZIdInput });

// ---- admin ----------------------------------------------------------------------------------------------------------
export const ZAdminPlansRequest = ZPageRequest.extend({
  status: z.enum(['past_due', 'suspended']).optional(),
});
export const ZAdminPlan = z.object({
  id: ZId,
  status: z.enum(PLAN_STATUSES),
  courseId: ZId,
  title: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  arrears: z.number(),
  /** The oldest unpaid due date. */
  overdueSince: z.string().nullable(),
  total: z.number(),
  paid: z.number(),
});
export const ZAdminPlansResponse = envelope({
  plans: z.array(ZAdminPlan),
  totalData: z.number(),
  /** Every listed plan's arrears together. */
  totalArrears: z.number(),
});
