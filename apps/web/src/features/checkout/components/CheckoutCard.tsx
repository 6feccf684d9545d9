import type { ReactNode } from 'react';
import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { rich, slot } from '@/components/cart/rich-text.tsx';

/** The return page's one card: an icon by tone, a heading and what to do next. */
export function CheckoutCard({
  tone,
  title,
  children,
}: {
  tone: 'busy' | 'waiting' | 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`page checkout checkout-${tone}`} aria-busy={tone === 'busy'}>
      <div className="surface checkout-card">
        <span className="checkout-icon" aria-hidden="true">
          {tone === 'success' ? '✓' : tone === 'error' ? '!' : tone === 'waiting' ? '…' : ''}
        </span>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

export function BackToCart() {
  const t = useT();
  return (
    <Link to="/home/cart" className="btn">
      {t('checkout.backToCart')}
    </Link>
  );
}

/** "Payment reference: <code>…</code>", under a payment that is not (yet) complete. */
export function PaymentReference({ reference }: { reference: string }) {
  const t = useT();
  return (
    <p className="muted">
      {rich(t('checkout.reference', { reference: slot('reference') }), {
        reference: <code>{reference}</code>,
      })}
    </p>
  );
}
