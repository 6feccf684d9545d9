import type { TOrder } from '@app/contract/orders';
import { formatNaira } from '@/lib/money.ts';
import { channelLabel, formatDateTime } from '@/lib/order-text.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { giftStatusText } from '@/lib/gift-text.ts';

/** An order's reference, date, status, channel and total (and a gift's recipient and state), as a list of terms. */
export function OrderFacts({ order }: { order: TOrder }) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Reference</dt>
        <dd>
          <code>{order.reference}</code>
        </dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{formatDateTime(order.timeCreated)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <OrderStatus status={order.status} />
        </dd>
      </div>
      <div>
        <dt>Payment method</dt>
        <dd>{channelLabel(order.channel)}</dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>{formatNaira(order.amount)}</dd>
      </div>
      {order.gift && (
        <>
          <div>
            <dt>Gift for</dt>
            <dd className="order-gift-to">
              {order.gift.recipientName} ({order.gift.recipientEmail})
            </dd>
          </div>
          <div>
            <dt>Gift</dt>
            <dd>
              <span className={`gift-status gift-status-${order.gift.status}`}>
                {giftStatusText(order.gift)}
              </span>
              {order.gift.passedOnTo && <> · passed on to {order.gift.passedOnTo}</>}
            </dd>
          </div>
        </>
      )}
      {order.paidAt && (
        <div>
          <dt>Paid on</dt>
          <dd>{formatDateTime(order.paidAt)}</dd>
        </div>
      )}
    </dl>
  );
}
