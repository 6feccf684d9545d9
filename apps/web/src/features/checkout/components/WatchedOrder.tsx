import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/Link.tsx';
import type { TOrder } from '@app/contract/orders';
import { ReceiptButton } from '@/components/ReceiptButton.tsx';
import { cart } from '@/lib/cart.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';
import { AwaitingPayment } from './AwaitingPayment.tsx';
import { giftPaidText } from '@/lib/gift-text.ts';
import { teamPaidText } from '@/lib/team-text.ts';
import { BackToCart, CheckoutCard, PaymentReference } from './CheckoutCard.tsx';
import { useT } from '@/lib/i18n/index.ts';

const PAID = new Set(['paid', 'refunded', 'partially_refunded']);

/** Takes the order's courses out of this browser's cart (it may hold others: another device, days later). */
function removeFromCart(order: TOrder) {
  const bought = new Set(order.items.map((i) => i.courseId));
  const keep = cart.items().filter((i) => !bought.has(i.id));
  if (keep.length === cart.items().length) return;
  cart.clear();
  keep.forEach((i) => cart.add(i));
}

/**
 * A transfer or USSD order on the return page: the webhook, not this page, confirms it, so the page shows the order
 * as the server has it (asked again with backoff while pending) and turns to success by itself.
 */
export function WatchedOrder({ order }: { order: TOrder }) {
  const t = useT();
  const queryClient = useQueryClient();
  const paid = PAID.has(order.status);
  const done = useRef(false);

  useEffect(() => {
    if (!paid || done.current) return;
    done.current = true;
    removeFromCart(order);
    void queryClient.invalidateQueries({ queryKey: userCoursesKeys.all });
  }, [paid, order, queryClient]);

  if (order.status === 'pending') return <AwaitingPayment order={order} />;

  if (paid && order.gift) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p role="status">{giftPaidText(order.gift)}</p>
        <div className="checkout-actions">
          <Link to={`/home/orders/${encodeURIComponent(order.reference)}`} className="btn">
            {t('checkout.seeGiftOrder')}
          </Link>
          <ReceiptButton reference={order.reference} />
        </div>
      </CheckoutCard>
    );
  }

  if (paid && order.team) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p role="status">{teamPaidText(order.team)}</p>
        <div className="checkout-actions">
          <Link to="/home/team" className="btn">
            {t('checkout.goToTeam')}
          </Link>
          <ReceiptButton reference={order.reference} />
        </div>
      </CheckoutCard>
    );
  }

  if (paid) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p role="status">{t('checkout.paidWatched')}</p>
        <div className="checkout-actions">
          <Link to="/home/my-courses" className="btn">
            {t('checkout.goToMyCourses')}
          </Link>
          <ReceiptButton reference={order.reference} />
        </div>
        <p className="muted">
          <Link to={`/home/orders/${encodeURIComponent(order.reference)}`}>{t('checkout.seeOrder')}</Link>
        </p>
      </CheckoutCard>
    );
  }

  const failed = order.status === 'failed';
  return (
    <CheckoutCard tone="error" title={failed ? t('checkout.failed.title') : t('checkout.notCompleted.title')}>
      <p role="alert">{failed ? t('checkout.failed.text') : t('checkout.notCompleted.text')}</p>
      <PaymentReference reference={order.reference} />
      <div className="checkout-actions">
        <BackToCart />
      </div>
    </CheckoutCard>
  );
}
