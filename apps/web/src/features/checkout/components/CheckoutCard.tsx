import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
  return (
    <Link to="/home/cart" className="btn">
      Back to cart
    </Link>
  );
}
