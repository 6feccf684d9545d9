import { formatNaira } from '@/lib/money.ts';

/** The plan form's fields as typed (strings from the inputs). */
export type PlanFields = {
  firstKind: 'amount' | 'percent';
  firstValue: string;
  furtherPayments: string;
  interval: 'week' | 'month';
  discount: string;
};

export type PlanErrors = Partial<Record<'firstValue' | 'discount', string>>;

const whole = (s: string) => /^\d+$/.test(s.trim());

/**
 * The form's own checks, shown under their fields before anything is sent: the server's rules (a percent 1–90, a
 * naira first payment below the price that leaves at least a kobo for each further payment, a discount 0–50).
 */
export function planFormErrors(f: PlanFields, priceNaira: number): PlanErrors {
  const errors: PlanErrors = {};
  const value = Number(f.firstValue);
  if (f.firstValue.trim() === '') errors.firstValue = 'Enter the first payment.';
  else if (f.firstKind === 'percent') {
    if (!whole(f.firstValue) || value < 1 || value > 90)
      errors.firstValue = 'A first payment in percent must be a whole number from 1 to 90.';
  } else if (!Number.isFinite(value) || value <= 0)
    errors.firstValue = 'The first payment must be more than ₦0.';
  else if (Math.round(value * 100) !== value * 100)
    errors.firstValue = 'Use at most 2 decimal places (kobo).';
  else if (priceNaira > 0 && value * 100 > priceNaira * 100 - Number(f.furtherPayments))
    errors.firstValue = `The first payment must leave something for each further payment: less than ${formatNaira(priceNaira)}.`;
  if (f.discount.trim() !== '' && (!whole(f.discount) || Number(f.discount) > 50))
    errors.discount = 'The discount must be a whole percent from 0 to 50.';
  return errors;
}
