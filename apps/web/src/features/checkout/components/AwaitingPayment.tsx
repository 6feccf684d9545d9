import { useEffect, useState } from 'react';
import type { TOrder } from '@app/contract/orders';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCancelOrder } from '@/lib/queries/orders.ts';
import { CheckoutCard, PaymentReference } from './CheckoutCard.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { rich, slot } from '@/components/cart/rich-text.tsx';

/** Seconds left until `until` (ISO), ticking every second; null without a time. */
function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const end = new Date(until).getTime();
  return Number.isNaN(end) ? null : Math.max(0, Math.floor((end - now) / 1000));
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A transfer or USSD order whose money has not arrived yet: what is awaited, and a way to cancel it. */
export function AwaitingPayment({ order }: { order: TOrder }) {
  const t = useT();
  const left = useSecondsLeft(order.expiresAt);
  const cancel = useCancelOrder();
  const transfer = order.channel === 'bank_transfer';
  const amount = formatNaira(order.amount);

  return (
    <CheckoutCard tone="waiting" title={transfer ? t('checkout.waitingTransfer') : t('checkout.waitingUssd')}>
      {transfer ? (
        <p>
          {rich(t('checkout.transferText', { amount: slot('amount') }), {
            amount: <strong>{amount}</strong>,
          })}
        </p>
      ) : (
        <ol className="checkout-steps">
          <li>{t('checkout.ussdDial')}</li>
          <li>
            {rich(t('checkout.ussdApprove', { amount: slot('amount') }), {
              amount: <strong>{amount}</strong>,
            })}
          </li>
          <li>{t('checkout.ussdKeepOpen')}</li>
        </ol>
      )}
      {left !== null &&
        (left > 0 ? (
          <p className="checkout-countdown">
            {rich(t('checkout.timeLeft', { time: slot('time') }), {
              time: <span role="timer">{mmss(left)}</span>,
            })}
          </p>
        ) : (
          <p className="checkout-countdown">{t('checkout.timeUp')}</p>
        ))}
      <p role="status" aria-live="polite" className="checkout-watching">
        <span className="checkout-spinner" aria-hidden="true" />
        {t('checkout.watching')}
      </p>
      <PaymentReference reference={order.reference} />
      <div className="checkout-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(order.reference)}
        >
          {cancel.isPending ? t('cartPanel.pendingCancelling') : t('checkout.cancelPayment')}
        </button>
      </div>
      {cancel.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(cancel.error, genericError())}
        </p>
      )}
    </CheckoutCard>
  );
}
