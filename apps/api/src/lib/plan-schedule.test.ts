import { describe, expect, it } from 'vitest';
import { addIntervals, planSchedule, restAtOnce, splitPlanTotal, type PlanShape } from './plan-schedule.ts';

/** A small deterministic generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed;
  return (max: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % max;
  };
}

describe('plan schedules', () => {
  it('add up to the kobo for 2,000 random prices, first payments and counts; the last takes the remainder', () => {
    const next = random(48);
    for (let n = 0; n < 2000; n++) {
      const total = 100 + next(50_000_000); // ₦1 to ₦500,000
      const furtherPayments = 1 + next(5);
      const shape: PlanShape =
        next(2) === 0
          ? { firstKind: 'percent', firstValue: 1 + next(90), furtherPayments, interval: 'month' }
          : { firstKind: 'amount', firstValue: 1 + next(total), furtherPayments, interval: 'week' };
      const amounts = splitPlanTotal(total, shape);
      if (amounts === null) {
        // Refused only when the first payment leaves less than a kobo for each further payment.
        const first =
          shape.firstKind === 'amount' ? shape.firstValue : Math.round((total * shape.firstValue) / 100);
        expect(total - first < furtherPayments || first < 1, `${total} ${JSON.stringify(shape)}`).toBe(true);
        continue;
      }
      expect(amounts).toHaveLength(furtherPayments + 1);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(amounts.every((a) => Number.isInteger(a) && a > 0)).toBe(true);
      const further = amounts.slice(1);
      // Equal further payments, the last one taking what division left (less than one kobo per payment).
      expect(further.slice(0, -1).every((a) => a === further[0])).toBe(true);
      expect(further.at(-1)! - further[0]!).toBeGreaterThanOrEqual(0);
      expect(further.at(-1)! - further[0]!).toBeLessThan(furtherPayments);
    }
  });

  it('never costs less than the price less the full-payment discount, however the rest is paid', () => {
    const next = random(7);
    for (let n = 0; n < 500; n++) {
      const total = 10_000 + next(10_000_000);
      const discount = next(51);
      const amounts = splitPlanTotal(total, {
        firstKind: 'percent',
        firstValue: 10 + next(50),
        furtherPayments: 1 + next(5),
        interval: 'month',
      })!;
      const paidBeforeRest = 1 + next(amounts.length - 1);
      const paid = amounts.slice(0, paidBeforeRest).reduce((a, b) => a + b, 0);
      const rest = restAtOnce(total - paid, discount);
      expect(rest.amountKobo + rest.discountKobo).toBe(total - paid);
      expect(paid + rest.amountKobo).toBeGreaterThanOrEqual(total - Math.round((total * discount) / 100));
    }
  });

  it('dates payments a week or a calendar month apart (a month end stays in the shorter month)', () => {
    const start = new Date('2026-01-31T10:00:00Z');
    expect(addIntervals(start, 'month', 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addIntervals(start, 'month', 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addIntervals(start, 'week', 2).toISOString()).toBe('2026-02-14T10:00:00.000Z');
    const schedule = planSchedule(
      1_000_000,
      { firstKind: 'amount', firstValue: 400_000, furtherPayments: 2, interval: 'month' },
      start,
    )!;
    expect(schedule.map((s) => [s.number, s.amountKobo])).toEqual([
      [1, 400_000],
      [2, 300_000],
      [3, 300_000],
    ]);
  });

  it('refuses a first payment that leaves nothing for the payments after it', () => {
    expect(
      splitPlanTotal(10_000, {
        firstKind: 'amount',
        firstValue: 10_000,
        furtherPayments: 1,
        interval: 'week',
      }),
    ).toBeNull();
    expect(
      splitPlanTotal(0, { firstKind: 'percent', firstValue: 50, furtherPayments: 1, interval: 'week' }),
    ).toBeNull();
  });
});
