import { Link } from 'react-router';
import { loginPath } from '@/lib/login-return.ts';
import { useOrderPaid } from '../api/order-paid.ts';
import { CheckoutCard } from './CheckoutCard.tsx';

/** What a browser that has lost its sign-in is told when the payment is confirmed (issue 35). */
export const PAID_SIGNED_OUT = 'Payment received. Log in to start learning.';

/**
 * The payment return without a sign-in (another address, an expired session): the order's paid state is read by
 * its reference alone, and the login comes back here to finish.
 */
export function SignedOutReturn({ reference }: { reference: string }) {
  const paid = useOrderPaid(reference);
  const login = (
    <Link to={loginPath(`/checkout?reference=${encodeURIComponent(reference)}`)} className="btn">
      Log in
    </Link>
  );
  if (paid.isPending) {
    return (
      <CheckoutCard tone="busy" title="Confirming your payment">
        <p role="status" aria-live="polite">
          <span className="checkout-spinner" aria-hidden="true" />
          Loading... Please keep this page open while we confirm your payment.
        </p>
      </CheckoutCard>
    );
  }
  if (paid.data?.paid) {
    return (
      <CheckoutCard tone="success" title="Payment successful">
        <p role="status">{PAID_SIGNED_OUT}</p>
        <div className="checkout-actions">{login}</div>
      </CheckoutCard>
    );
  }
  return (
    <CheckoutCard tone="error" title="Payment not completed">
      <p role="alert">Your session has ended. Please log in again to finish your purchase.</p>
      <p className="muted">
        Payment reference: <code>{reference}</code>
      </p>
      <div className="checkout-actions">{login}</div>
    </CheckoutCard>
  );
}
