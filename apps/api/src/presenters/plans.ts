import { koboToNaira } from '@app/contract/money';
import type { TCoursePlan, TInstalment, TPurchasedPlan } from '@app/contract/instalments';
import type { ScheduledPayment } from '../lib/plan-schedule.ts';
import { restAtOnce } from '../lib/plan-schedule.ts';
import type { TInstalmentState, TPlanInterval, TPlanStatus } from '@app/contract/instalment-rules';

/** The fields of the plan tables' rows the answers show. */
type CoursePlanRow = {
  id: number;
  courseId: number;
  firstKind: 'amount' | 'percent';
  firstValue: number;
  furtherPayments: number;
  interval: TPlanInterval;
  fullDiscountPercent: number;
};
type PlanRow = {
  id: number;
  courseId: number;
  status: TPlanStatus;
  interval: TPlanInterval;
  totalKobo: number;
  fullDiscountPercent: number;
  firstOrderId: number;
};
type InstalmentRow = {
  id: number;
  number: number;
  dueAt: Date;
  amountKobo: number;
  state: TInstalmentState;
  orderId: number | null;
  paidAt: Date | null;
};
type SavedCardRow = {
  id: number;
  brand: string;
  last4: string;
  expMonth: string | null;
  expYear: string | null;
  bank: string | null;
};

/** An order that pays a plan, as read: whether it is the first payment, the plan, its payments and their orders. */
export type OrderPlanFacts = {
  first: boolean;
  plan: PlanRow;
  items: InstalmentRow[];
  references: ReadonlyMap<number, string>;
};

/** A schedule as the API answers it (naira, ISO times). */
export const presentSchedule = (schedule: ScheduledPayment[]) =>
  schedule.map((s) => ({
    number: s.number,
    dueAt: s.dueAt.toISOString(),
    amount: koboToNaira(s.amountKobo),
  }));

/** A plan a course offers, with its total and schedule at today's price. */
export function presentCoursePlan(
  row: CoursePlanRow,
  totalKobo: number,
  schedule: ScheduledPayment[],
): TCoursePlan {
  return {
    id: row.id,
    courseId: row.courseId,
    firstKind: row.firstKind,
    firstValue: row.firstKind === 'amount' ? koboToNaira(row.firstValue) : row.firstValue,
    furtherPayments: row.furtherPayments,
    interval: row.interval,
    fullPaymentDiscountPercent: row.fullDiscountPercent,
    total: koboToNaira(totalKobo),
    schedule: presentSchedule(schedule),
  };
}

/** One payment of a bought plan. */
export const presentInstalment = (
  i: InstalmentRow,
  references: ReadonlyMap<number, string>,
): TInstalment => ({
  id: i.id,
  number: i.number,
  dueAt: i.dueAt.toISOString(),
  amount: koboToNaira(i.amountKobo),
  state: i.state,
  paidAt: i.paidAt?.toISOString() ?? null,
  reference: i.orderId !== null ? (references.get(i.orderId) ?? null) : null,
});

/** A student's plan: what is paid, what is late now, what the rest costs at once, the card it is charged to. */
export function presentPlan(
  input: {
    plan: PlanRow;
    title: string;
    items: InstalmentRow[];
    references: ReadonlyMap<number, string>;
    card: SavedCardRow | undefined;
  },
  now: Date,
): TPurchasedPlan {
  const { plan, items } = input;
  const unpaid = items.filter((i) => i.state === 'scheduled' || i.state === 'charging');
  const sum = (rows: InstalmentRow[]) => rows.reduce((s, i) => s + i.amountKobo, 0);
  const left = sum(unpaid);
  return {
    id: plan.id,
    courseId: plan.courseId,
    title: input.title,
    status: plan.status,
    interval: plan.interval,
    total: koboToNaira(plan.totalKobo),
    paid: koboToNaira(sum(items.filter((i) => i.state === 'paid'))),
    arrears: koboToNaira(sum(unpaid.filter((i) => i.dueAt.getTime() <= now.getTime()))),
    restNow: koboToNaira(restAtOnce(left, plan.fullDiscountPercent).amountKobo),
    fullPaymentDiscountPercent: plan.fullDiscountPercent,
    reference: input.references.get(plan.firstOrderId) ?? '',
    card: input.card ? { id: input.card.id, brand: input.card.brand, last4: input.card.last4 } : null,
    instalments: items.map((i) => presentInstalment(i, input.references)),
  };
}

/** A saved card as its owner sees it (never its authorization code). */
export const presentCard = (c: SavedCardRow) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
  bank: c.bank,
});

/** The plan an order pays (part of), for the order page and the receipt; null for an outright purchase. */
export function presentOrderPlan(facts: OrderPlanFacts | undefined) {
  if (!facts) return null;
  return {
    first: facts.first,
    answer: {
      id: facts.plan.id,
      status: facts.plan.status,
      total: koboToNaira(facts.plan.totalKobo),
      instalments: facts.items.map((i) => presentInstalment(i, facts.references)),
    },
  };
}
