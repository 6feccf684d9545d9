import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCoursePlan } from '@app/contract/instalments';
import { callOp } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/** The student's choice: the full price (`planId` null) or a plan, and their consent to charges of a saved card. */
export type PlanChoice = { planId: number | null; saveCard: boolean };

/** "₦12,000 now, then 2 monthly payments of ₦9,000": a plan in a line. */
export function planSummary(plan: TCoursePlan): string {
  const [first, ...rest] = plan.schedule;
  const weekly = plan.interval === 'week';
  const same = rest.every((s) => s.amount === rest[0]?.amount);
  const values = { first: formatNaira(first?.amount ?? 0), count: rest.length };
  if (same) {
    const amount = formatNaira(rest[0]?.amount ?? 0);
    return weekly
      ? translate('cartPanel.planWeekly', { ...values, amount })
      : translate('cartPanel.planMonthly', { ...values, amount });
  }
  const amounts = rest.map((s) => formatNaira(s.amount)).join(', ');
  return weekly
    ? translate('cartPanel.planWeeklyUneven', { ...values, amounts })
    : translate('cartPanel.planMonthlyUneven', { ...values, amounts });
}

/**
 * How to pay for a course that offers instalment plans (a cart of that one course): in full, or on a plan, whose
 * dates and amounts are shown before paying; a plan asks the student's consent to save a card for its next payments.
 * Nothing is shown for a course without plans.
 */
export function PlanPicker({
  courseId,
  value,
  onChange,
  disabled,
  coupon,
  cohortId,
}: {
  courseId: number;
  value: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  disabled?: boolean;
  /** The applied coupon's code: the schedule shown is then the server's quote with it. */
  coupon?: string;
  /** The cohort whose seat is in the cart: its own price, quoted by the server. */
  cohortId?: number;
}) {
  const t = useT();
  const name = useId();
  const plans = useQuery({
    queryKey: ['course-plans', courseId],
    queryFn: ({ signal }) => callOp('planList', { courseId }, { signal }),
  });
  const offered = plans.data?.plans ?? [];
  const chosen = offered.find((p) => p.id === value.planId);
  // With a coupon or a seat the amounts differ from the plan's list schedule: the server quotes exactly what is paid.
  const quoted = chosen !== undefined && (coupon !== undefined || cohortId !== undefined);
  const quote = useQuery({
    queryKey: ['plan-quote', chosen?.id, coupon ?? null, cohortId ?? null],
    queryFn: ({ signal }) =>
      callOp(
        'planQuote',
        { planId: chosen!.id, ...(coupon ? { coupon } : {}), ...(cohortId ? { cohortId } : {}) },
        { signal },
      ),
    enabled: quoted,
    retry: false,
  });
  if (offered.length === 0) return null;
  const schedule = (quoted ? quote.data?.schedule : undefined) ?? chosen?.schedule ?? [];
  return (
    <fieldset className="cart-channels cart-plans" disabled={disabled}>
      <legend>{t('cartPanel.planLegend')}</legend>
      <label className="cart-channel">
        <input
          type="radio"
          name={name}
          checked={value.planId === null}
          onChange={() => onChange({ planId: null, saveCard: false })}
        />
        <span className="cart-channel-text">
          <span className="cart-channel-name">{t('cartPanel.planFull')}</span>
        </span>
      </label>
      {offered.map((plan) => (
        <label key={plan.id} className="cart-channel">
          <input
            type="radio"
            name={name}
            checked={value.planId === plan.id}
            onChange={() => onChange({ planId: plan.id, saveCard: value.saveCard })}
          />
          <span className="cart-channel-text">
            <span className="cart-channel-name">{planSummary(plan)}</span>
            {plan.fullPaymentDiscountPercent > 0 && (
              <span className="cart-channel-hint">
                {t('cartPanel.planDiscount', { percent: plan.fullPaymentDiscountPercent })}
              </span>
            )}
          </span>
        </label>
      ))}
      {chosen && (
        <>
          <ol className="cart-plan-schedule" aria-label={t('cartPanel.planPayments')}>
            {schedule.map((s) => (
              <li key={s.number}>
                {s.number === 1
                  ? t('cartPanel.planToday', { amount: formatNaira(s.amount) })
                  : t('cartPanel.planDue', { date: formatDateTime(s.dueAt), amount: formatNaira(s.amount) })}
              </li>
            ))}
          </ol>
          {!(quoted && quote.data) && <p className="cart-channel-hint">{t('cartPanel.planCouponHint')}</p>}
          <label className="cart-channel">
            <input
              type="checkbox"
              checked={value.saveCard}
              onChange={(e) => onChange({ planId: chosen.id, saveCard: e.target.checked })}
            />
            <span className="cart-channel-text">
              <span className="cart-channel-name">{t('cartPanel.planSaveCard')}</span>
              <span className="cart-channel-hint">{t('cartPanel.planSaveCardHint')}</span>
            </span>
          </label>
        </>
      )}
    </fieldset>
  );
}
