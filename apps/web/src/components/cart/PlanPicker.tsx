import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCoursePlan } from '@app/contract/instalments';
import { callOp } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';

/** The student's choice: the full price (`planId` null) or a plan, and their consent to charges of a saved card. */
export type PlanChoice = { planId: number | null; saveCard: boolean };

/** "₦12,000 now, then 2 monthly payments of ₦9,000": a plan in a line. */
export function planSummary(plan: TCoursePlan): string {
  const [first, ...rest] = plan.schedule;
  const every = plan.interval === 'week' ? 'weekly' : 'monthly';
  const same = rest.every((s) => s.amount === rest[0]?.amount);
  const then = same
    ? `${rest.length} ${every} ${rest.length === 1 ? 'payment' : 'payments'} of ${formatNaira(rest[0]?.amount ?? 0)}`
    : `${rest.length} ${every} payments (${rest.map((s) => formatNaira(s.amount)).join(', ')})`;
  return `${formatNaira(first?.amount ?? 0)} now, then ${then}`;
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
      <legend>Pay in full or in parts?</legend>
      <label className="cart-channel">
        <input
          type="radio"
          name={name}
          checked={value.planId === null}
          onChange={() => onChange({ planId: null, saveCard: false })}
        />
        <span className="cart-channel-text">
          <span className="cart-channel-name">Pay in full</span>
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
                {plan.fullPaymentDiscountPercent}% off what is left if you pay the rest at once.
              </span>
            )}
          </span>
        </label>
      ))}
      {chosen && (
        <>
          <ol className="cart-plan-schedule" aria-label="Your payments">
            {schedule.map((s) => (
              <li key={s.number}>
                {s.number === 1 ? 'Today' : formatDateTime(s.dueAt)}: {formatNaira(s.amount)}
              </li>
            ))}
          </ol>
          {!(quoted && quote.data) && (
            <p className="cart-channel-hint">A coupon or a sale lowers these amounts at checkout.</p>
          )}
          <label className="cart-channel">
            <input
              type="checkbox"
              checked={value.saveCard}
              onChange={(e) => onChange({ planId: chosen.id, saveCard: e.target.checked })}
            />
            <span className="cart-channel-text">
              <span className="cart-channel-name">Save my card and charge my next payments to it</span>
              <span className="cart-channel-hint">
                Card payments only. You can remove the card at any time; without it, we send you a payment
                link before each date.
              </span>
            </span>
          </label>
        </>
      )}
    </fieldset>
  );
}
