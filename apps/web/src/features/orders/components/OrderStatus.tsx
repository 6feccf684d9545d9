import type { TOrderStatus } from '@app/contract/payment-rules';
import { ORDER_STATUS_LABELS } from '@/lib/order-text.ts';

/** An order's status as a coloured badge with its plain-language label. */
export function OrderStatus({ status }: { status: TOrderStatus }) {
  return <span className={`order-status order-status-${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
