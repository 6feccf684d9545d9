import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInstalment, TOrderPlan } from '@app/contract/instalments';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { callOp } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { orderKeys } from '@/lib/queries/orders.ts';

/** What a plan's status means for the student, in a sentence. */
export const PLAN_STATUS_TEXT: Record<TOrderPlan['status'], string> = {
  pending: 'Your plan starts when its first payment arrives.',
  active: 'Your instalment plan is up to date.',
  past_due: 'A payment is late. You can keep watching for 7 days after its date; pay it to stay up to date.',
  suspended:
    'A payment is more than 7 days late, so the course is paused. Your progress is kept: pay what is due to continue.',
  completed: 'Your instalment plan is fully paid.',
  cancelled: 'This instalment plan was cancelled. No further payments will be taken.',
};

const STATE_TEXT: Record<TInstalment['state'], string> = {
  scheduled: 'Due',
  charging: 'Being charged',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The payment page a plan payment's answer names (the web client goes there). */
export const planPaymentRedirect = { go: (url: string) => window.location.assign(url) };

/**
 * An instalment plan on its order's page: each payment with its date, amount and state, and, while the plan runs,
 * "Pay now" for the next payment and "Pay the rest" for all that is left (any channel, on the payment page).
 */
export function PlanSchedule({ plan }: { plan: TOrderPlan }) {
  const qc = useQueryClient();
  const pay = useMutation({
    mutationFn: (body: { instalmentId?: number; rest?: boolean }) =>
      callOp('planPay', { planId: plan.id, ...body }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      planPaymentRedirect.go(res.initializeTransactionResponse.data.authorization_url);
    },
  });
  const live = plan.status === 'active' || plan.status === 'past_due' || plan.status === 'suspended';
  const next = plan.instalments.find((i) => i.state === 'scheduled');
  const left = plan.instalments.filter((i) => i.state === 'scheduled' || i.state === 'charging');
  const now = Date.now();
  const columns: Column<TInstalment>[] = [
    { head: 'Payment', cell: (i) => `Payment ${i.number}`, title: true },
    { head: 'Date', cell: (i) => formatDateTime(i.paidAt ?? i.dueAt) },
    { head: 'Amount', cell: (i) => formatNaira(i.amount) },
    { head: 'State', cell: (i) => STATE_TEXT[i.state] },
  ];
  // A payment not yet due can be paid before its date, one at a time, like the next one.
  if (live)
    columns.push({
      head: 'Pay early',
      cell: (i) =>
        i.state === 'scheduled' && i.id !== next?.id && Date.parse(i.dueAt) > now ? (
          <button
            type="button"
            className="btn btn-outline"
            disabled={pay.isPending}
            aria-label={`Pay payment ${i.number} early (${formatNaira(i.amount)})`}
            onClick={() => pay.mutate({ instalmentId: i.id })}
          >
            Pay early
          </button>
        ) : null,
    });

  return (
    <section className="plan-schedule" aria-labelledby="plan-schedule-title">
      <h2 id="plan-schedule-title" className="order-section-title">
        Instalment plan: {formatNaira(plan.total)} in {plan.instalments.length} payments
      </h2>
      <p className={`plan-status plan-status-${plan.status}`}>{PLAN_STATUS_TEXT[plan.status]}</p>
      <DataTable columns={columns} rows={plan.instalments} rowKey={(i) => i.id} />
      {live && next && (
        <div className="order-actions">
          <button
            type="button"
            disabled={pay.isPending}
            onClick={() => pay.mutate({ instalmentId: next.id })}
          >
            Pay now ({formatNaira(next.amount)})
          </button>
          {left.length > 1 && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={pay.isPending}
              onClick={() => pay.mutate({ rest: true })}
            >
              Pay the rest
            </button>
          )}
        </div>
      )}
      {live && (
        <p className="muted">
          A saved card pays each payment on its date. <Link to="/home/payment-methods">Your saved cards</Link>
        </p>
      )}
      <FormAlert message={pay.isError && refusalMessage(pay.error, GENERIC_ERROR)} />
    </section>
  );
}
