import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ReceiptButton } from '@/components/ReceiptButton.tsx';
import { ApiError } from '@/lib/api.ts';
import { refundRuleText } from '@/lib/order-text.ts';
import { useOrder } from '@/lib/queries/orders.ts';
import { OrderFacts } from './components/OrderFacts.tsx';
import { OrderItems } from './components/OrderItems.tsx';
import { PlanSchedule } from './components/PlanSchedule.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './orders.css';

const RECEIPTED = new Set(['paid', 'refunded', 'partially_refunded']);

/** `/home/orders/:reference`: one order, its receipt, the refund rule and a refund request per course. */
export function OrderPage() {
  const t = useT();
  const reference = useParams().reference ?? '';
  const query = useOrder(reference);

  return (
    <div className="page orders">
      <p>
        <Link to="/home/orders">← {t('orders.title')}</Link>
      </p>
      <h1>{t('orders.details')}</h1>
      {query.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : query.isError && !query.data ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <p className="empty-state">{t('orders.notFound')}</p>
        ) : (
          <LoadFailed message={t('orders.orderLoadFailed')} onRetry={query.refetch} />
        )
      ) : (
        <div className="card order-card">
          <OrderFacts order={query.data.order} />
          {query.data.order.status === 'pending' && (
            <p>
              {t('orders.waitingPayment')}{' '}
              <Link to={`/checkout?reference=${encodeURIComponent(reference)}`}>
                {t('orders.followPayment')}
              </Link>
            </p>
          )}
          {RECEIPTED.has(query.data.order.status) && (
            <div className="order-actions">
              <ReceiptButton reference={query.data.order.reference} />
            </div>
          )}
          {query.data.order.plan && <PlanSchedule plan={query.data.order.plan} />}
          <h2 className="order-section-title">{t('orders.courses')}</h2>
          <OrderItems order={query.data.order} />
          <p className="order-refund-rule">{refundRuleText(query.data.refundPolicy)}</p>
        </div>
      )}
    </div>
  );
}
