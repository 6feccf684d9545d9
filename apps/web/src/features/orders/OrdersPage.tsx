import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TOrder } from '@app/contract/orders';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { ORDERS_PAGE_SIZE, useOrders } from './api/orders.ts';
import { OrderFacts } from './components/OrderFacts.tsx';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';
import './orders.css';

/** `/home/orders`: the student's orders, newest first, ten to a page. */
export function OrdersPage() {
  const t = useT();
  const [page, setPage] = useState(0);
  const orders = useOrders(page);

  return (
    <div className="page orders">
      <h1>{t('orders.title')}</h1>
      {orders.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : orders.isError && !orders.data ? (
        <LoadFailed message={t('orders.loadFailed')} onRetry={orders.refetch} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState message={t('orders.empty')} />
      ) : (
        <ul className="order-list">
          {orders.data.orders.map((order) => (
            <OrderCard key={order.reference} order={order} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((orders.data?.totalData ?? 0) / ORDERS_PAGE_SIZE)}
        onChange={setPage}
      />
    </div>
  );
}

function OrderCard({ order }: { order: TOrder }) {
  const t = useT();
  const headingId = `order-${order.reference}`;
  return (
    <li className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-card-title">
        {t('orders.orderOf', {
          date: dateFormat({ dateStyle: 'medium' }, 'en-GB').format(new Date(order.timeCreated)),
        })}
      </h2>
      <OrderFacts order={order} />
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.courseId}>
            <span>{item.title}</span> <span className="order-item-amount">{formatNaira(item.amount)}</span>
          </li>
        ))}
      </ul>
      {order.refundableUntil && (
        <p className="order-refund-rule">
          {t('orders.refundableUntil', { date: formatDateTime(order.refundableUntil) })}
        </p>
      )}
      <Link
        to={`/home/orders/${encodeURIComponent(order.reference)}`}
        className="btn btn-outline"
        aria-label={t('orders.viewOrderLabel', { reference: order.reference })}
      >
        {t('orders.viewOrder')}
      </Link>
    </li>
  );
}
