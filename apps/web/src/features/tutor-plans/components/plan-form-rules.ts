import { t as translate, type Translate } from '@/lib/i18n/index.ts';
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
export function planFormErrors(f: PlanFields, priceNaira: number, t: Translate = translate): PlanErrors {
  const errors: PlanErrors = {};
  const value = Number(f.firstValue);
  if (f.firstValue.trim() === '') errors.firstValue = t('tutorPlans.error.firstMissing');
  else if (f.firstKind === 'percent') {
    if (!whole(f.firstValue) || value < 1 || value > 90)
      errors.firstValue = t('tutorPlans.error.firstPercent');
  } else if (!Number.isFinite(value) || value <= 0) errors.firstValue = t('tutorPlans.error.firstPositive');
  else if (Math.round(value * 100) !== value * 100) errors.firstValue = t('tutorPlans.error.firstKobo');
  else if (priceNaira > 0 && value * 100 > priceNaira * 100 - Number(f.furtherPayments))
    errors.firstValue = t('tutorPlans.error.firstTooHigh', { price: formatNaira(priceNaira) });
  if (f.discount.trim() !== '' && (!whole(f.discount) || Number(f.discount) > 50))
    errors.discount = t('tutorPlans.error.discount');
  return errors;
}
