import { useState } from 'react';
import type { TOrder } from '@app/contract/orders';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime, REFUND_STATUS_LABELS } from '@/lib/order-text.ts';
import { RefundForm } from './RefundForm.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** The order's courses with their price, each with its refund's status or, while allowed, "Ask for a refund". */
export function OrderItems({ order }: { order: TOrder }) {
  const t = useT();
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <ul className="order-items order-items-detail">
      {order.items.map((item) => (
        <li key={item.courseId} className="order-item">
          <div className="order-item-line">
            <span className="order-item-title">{item.title}</span>
            <span className="order-item-amount">{formatNaira(item.amount)}</span>
          </div>
          {item.refund ? (
            <div className="order-refund">
              <p>
                {t('orders.refund')} <strong>{REFUND_STATUS_LABELS[item.refund.status]}</strong>
                <span className="muted">
                  {' '}
                  ({t('orders.refundAsked', { date: formatDateTime(item.refund.timeCreated) })})
                </span>
              </p>
              {item.refund.note && (
                <p className="muted">{t('orders.refundNote', { note: item.refund.note })}</p>
              )}
            </div>
          ) : item.refundable ? (
            asking === item.courseId ? (
              <RefundForm
                reference={order.reference}
                courseId={item.courseId}
                title={item.title}
                onDone={() => setAsking(null)}
              />
            ) : (
              <button
                type="button"
                className="btn btn-outline order-refund-button"
                aria-label={t('orders.askRefundLabel', { title: item.title })}
                onClick={() => setAsking(item.courseId)}
              >
                {t('orders.askRefund')}
              </button>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}
