import type { TOrder } from '@app/contract/orders';
import { formatNaira } from '@/lib/money.ts';
import { channelLabel, formatDateTime } from '@/lib/order-text.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { giftStatusText } from '@/lib/gift-text.ts';
import { useT } from '@/lib/i18n/index.ts';

/** An order's reference, date, status, channel and total (and a gift's recipient and state), as a list of terms. */
export function OrderFacts({ order }: { order: TOrder }) {
  const t = useT();
  return (
    <dl className="order-facts">
      <div>
        <dt>{t('orders.reference')}</dt>
        <dd>
          <code>{order.reference}</code>
        </dd>
      </div>
      <div>
        <dt>{t('orders.date')}</dt>
        <dd>{formatDateTime(order.timeCreated)}</dd>
      </div>
      <div>
        <dt>{t('orders.status')}</dt>
        <dd>
          <OrderStatus status={order.status} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.paymentMethod')}</dt>
        <dd>{channelLabel(order.channel)}</dd>
      </div>
      <div>
        <dt>{t('orders.total')}</dt>
        <dd>{formatNaira(order.amount)}</dd>
      </div>
      {order.gift && (
        <>
          <div>
            <dt>{t('orders.giftFor')}</dt>
            <dd className="order-gift-to">
              {order.gift.recipientName} ({order.gift.recipientEmail})
            </dd>
          </div>
          <div>
            <dt>{t('orders.gift')}</dt>
            <dd>
              <span className={`gift-status gift-status-${order.gift.status}`}>
                {giftStatusText(order.gift)}
              </span>
              {order.gift.passedOnTo && <> · {t('orders.passedOnTo', { name: order.gift.passedOnTo })}</>}
            </dd>
          </div>
        </>
      )}
      {order.paidAt && (
        <div>
          <dt>{t('orders.paidOn')}</dt>
          <dd>{formatDateTime(order.paidAt)}</dd>
        </div>
      )}
    </dl>
  );
}
