import type { TPlanInterval } from '@app/contract/instalment-rules';

/** The clock instalment plans run on: tests move it forward (`planClock.advance`) instead of waiting for months. */
export const planClock = {
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
  /** Moves this process's plan clock on by `ms` (tests). */
  advance(ms: number) {
    this.offsetMs += ms;
  },
  /** A time on the plan clock as the real time a job must run at. */
  toRealTime(at: Date): Date {
    return new Date(at.getTime() - this.offsetMs);
  },
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What a plan is made of: its first payment (kobo, or a percent of the total) and how many follow. */
export type PlanShape = {
  firstKind: 'amount' | 'percent';
  /** Kobo for `amount`, a whole percent for `percent`. */
  firstValue: number;
  furtherPayments: number;
  interval: TPlanInterval;
};

/** One payment of a schedule: number 1 is paid at checkout. */
export type ScheduledPayment = { number: number; dueAt: Date; amountKobo: number };

/**
 * Splits a plan's total into its payments, to the kobo: the first (its amount, or its percent of the total rounded
 * half up), then equal further payments in whole kobo, the last taking what division left over. The amounts always
 * add up to the total. Null when the plan does not fit the total (a first payment that leaves too little for the
 * payments after it: each must be at least 1 kobo).
 */
export function splitPlanTotal(totalKobo: number, shape: PlanShape): number[] | null {
  const n = shape.furtherPayments;
  if (!Number.isInteger(totalKobo) || totalKobo <= 0 || n < 1) return null;
  const first =
    shape.firstKind === 'amount' ? shape.firstValue : Math.round((totalKobo * shape.firstValue) / 100);
  if (first < 1 || totalKobo - first < n) return null;
  const rest = totalKobo - first;
  const each = Math.floor(rest / n);
  return [first, ...Array.from({ length: n }, (_, i) => (i === n - 1 ? rest - each * (n - 1) : each))];
}

/** `start` moved on by `count` weeks or calendar months (a month end stays within the shorter month). */
export function addIntervals(start: Date, interval: TPlanInterval, count: number): Date {
  if (interval === 'week') return new Date(start.getTime() + count * 7 * DAY_MS);
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** A plan's payments from `start` (the checkout): amounts from `splitPlanTotal`, one interval apart. */
export function planSchedule(totalKobo: number, shape: PlanShape, start: Date): ScheduledPayment[] | null {
  const amounts = splitPlanTotal(totalKobo, shape);
  return amounts
    ? amounts.map((amountKobo, i) => ({
        number: i + 1,
        dueAt: addIntervals(start, shape.interval, i),
        amountKobo,
      }))
    : null;
}

/** What paying the whole rest at once costs: what is left, less the full-payment discount (rounded half up). */
export function restAtOnce(
  leftKobo: number,
  discountPercent: number,
): { amountKobo: number; discountKobo: number } {
  const discountKobo = Math.min(leftKobo, Math.round((leftKobo * discountPercent) / 100));
  return { amountKobo: leftKobo - discountKobo, discountKobo };
}
