import { Link } from '@/components/Link.tsx';
import { loginPath } from '@/lib/login-return.ts';
import { useOrderPaid } from '../api/order-paid.ts';
import { useT } from '@/lib/i18n/index.ts';
import { CheckoutCard, PaymentReference } from './CheckoutCard.tsx';

/**
 * The payment return without a sign-in (another address, an expired session): the order's paid state is read by
 * its reference alone, and the login comes back here to finish.
 */
export function SignedOutReturn({ reference }: { reference: string }) {
  const t = useT();
  const paid = useOrderPaid(reference);
  const login = (
    <Link to={loginPath(`/checkout?reference=${encodeURIComponent(reference)}`)} className="btn">
      {t('checkout.logIn')}
    </Link>
  );
  if (paid.isPending) {
    return (
      <CheckoutCard tone="busy" title={t('checkout.confirming.title')}>
        <p role="status" aria-live="polite">
          <span className="checkout-spinner" aria-hidden="true" />
          {t('checkout.confirming.text')}
        </p>
      </CheckoutCard>
    );
  }
  if (paid.data?.paid) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        {/* What a browser that has lost its sign-in is told when the payment is confirmed (issue 35). */}
        <p role="status">{t('checkout.paidSignedOut')}</p>
        <div className="checkout-actions">{login}</div>
      </CheckoutCard>
    );
  }
  return (
    <CheckoutCard tone="error" title={t('checkout.notCompleted.title')}>
      <p role="alert">{t('checkout.sessionEnded')}</p>
      <PaymentReference reference={reference} />
      <div className="checkout-actions">{login}</div>
    </CheckoutCard>
  );
}
