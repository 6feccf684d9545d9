import { useEffect, useState } from 'react';
import type { TOrder } from '@app/contract/orders';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCancelOrder } from '@/lib/queries/orders.ts';
import { CheckoutCard } from './CheckoutCard.tsx';

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
  const left = useSecondsLeft(order.expiresAt);
  const cancel = useCancelOrder();
  const transfer = order.channel === 'bank_transfer';
  const amount = formatNaira(order.amount);

  return (
    <CheckoutCard
      tone="waiting"
      title={transfer ? 'Waiting for your bank transfer' : 'Waiting for your USSD payment'}
    >
      {transfer ? (
        <p>
          Send exactly <strong>{amount}</strong> to the account number shown on the payment page. Your courses
          are added as soon as the bank tells us the money has arrived.
        </p>
      ) : (
        <ol className="checkout-steps">
          <li>On the phone linked to your bank account, dial the code shown on the payment page.</li>
          <li>
            Follow the prompts and approve the payment of <strong>{amount}</strong> with your PIN.
          </li>
          <li>Keep this page open. Your courses are added as soon as your bank confirms.</li>
        </ol>
      )}
      {left !== null &&
        (left > 0 ? (
          <p className="checkout-countdown">
            Time left to pay: <span role="timer">{mmss(left)}</span>
          </p>
        ) : (
          <p className="checkout-countdown">
            The time to pay is up. If you have already paid, you will still get your courses when the money
            arrives.
          </p>
        ))}
      <p role="status" aria-live="polite" className="checkout-watching">
        <span className="checkout-spinner" aria-hidden="true" />
        Checking for your payment. This page updates by itself.
      </p>
      <p className="muted">
        Payment reference: <code>{order.reference}</code>
      </p>
      <div className="checkout-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(order.reference)}
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel this payment'}
        </button>
      </div>
      {cancel.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(cancel.error, GENERIC_ERROR)}
        </p>
      )}
    </CheckoutCard>
  );
}
