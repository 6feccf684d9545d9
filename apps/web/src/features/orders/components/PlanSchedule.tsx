import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInstalment, TOrderPlan } from '@app/contract/instalments';
import { Link } from '@/components/Link.tsx';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { callOp } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { orderKeys } from '@/lib/queries/orders.ts';
import { useT } from '@/lib/i18n/index.ts';

/** What a plan's status means for the student, in a sentence (its catalog key). */
export const PLAN_STATUS_TEXT: Record<TOrderPlan['status'], string> = {
  pending: 'orders.plan.status.pending',
  active: 'orders.plan.status.active',
  past_due: 'orders.plan.status.pastDue',
  suspended: 'orders.plan.status.suspended',
  completed: 'orders.plan.status.completed',
  cancelled: 'orders.plan.status.cancelled',
};

const STATE_TEXT: Record<TInstalment['state'], string> = {
  scheduled: 'orders.plan.state.scheduled',
  charging: 'orders.plan.state.charging',
  paid: 'orders.plan.state.paid',
  cancelled: 'orders.plan.state.cancelled',
};

/** The payment page a plan payment's answer names (the web client goes there). */
export const planPaymentRedirect = { go: (url: string) => window.location.assign(url) };

/**
 * An instalment plan on its order's page: each payment with its date, amount and state, and, while the plan runs,
 * "Pay now" for the next payment and "Pay the rest" for all that is left (any channel, on the payment page).
 */
export function PlanSchedule({ plan }: { plan: TOrderPlan }) {
  const t = useT();
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
    { head: t('orders.plan.payment'), cell: (i) => t('orders.plan.paymentN', { n: i.number }), title: true },
    { head: t('orders.date'), cell: (i) => formatDateTime(i.paidAt ?? i.dueAt) },
    { head: t('orders.plan.amount'), cell: (i) => formatNaira(i.amount) },
    { head: t('orders.plan.state'), cell: (i) => t(STATE_TEXT[i.state]) },
  ];
  // A payment not yet due can be paid before its date, one at a time, like the next one.
  if (live)
    columns.push({
      head: t('orders.plan.payEarly'),
      cell: (i) =>
        i.state === 'scheduled' && i.id !== next?.id && Date.parse(i.dueAt) > now ? (
          <button
            type="button"
            className="btn btn-outline"
            disabled={pay.isPending}
            aria-label={t('orders.plan.payEarlyLabel', { n: i.number, amount: formatNaira(i.amount) })}
            onClick={() => pay.mutate({ instalmentId: i.id })}
          >
            {t('orders.plan.payEarly')}
          </button>
        ) : null,
    });

  return (
    <section className="plan-schedule" aria-labelledby="plan-schedule-title">
      <h2 id="plan-schedule-title" className="order-section-title">
        {t('orders.plan.title', { total: formatNaira(plan.total), count: plan.instalments.length })}
      </h2>
      <p className={`plan-status plan-status-${plan.status}`}>{t(PLAN_STATUS_TEXT[plan.status])}</p>
      <DataTable columns={columns} rows={plan.instalments} rowKey={(i) => i.id} />
      {live && next && (
        <div className="order-actions">
          <button
            type="button"
            disabled={pay.isPending}
            onClick={() => pay.mutate({ instalmentId: next.id })}
          >
            {t('orders.plan.payNow', { amount: formatNaira(next.amount) })}
          </button>
          {left.length > 1 && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={pay.isPending}
              onClick={() => pay.mutate({ rest: true })}
            >
              {t('orders.plan.payRest')}
            </button>
          )}
        </div>
      )}
      {live && (
        <p className="muted">
          {t('orders.plan.savedCardNote')}{' '}
          <Link to="/home/payment-methods">{t('orders.plan.savedCards')}</Link>
        </p>
      )}
      <FormAlert message={pay.isError && refusalMessage(pay.error, genericError())} />
    </section>
  );
}
