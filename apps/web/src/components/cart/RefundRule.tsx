import { refundRuleText } from '@/lib/order-text.ts';
import { useRefundPolicy } from '@/lib/queries/orders.ts';

/** The refund rule, shown before purchase; nothing while it loads or when it cannot be read. */
export function RefundRule() {
  const policy = useRefundPolicy();
  if (!policy.data) return null;
  return <p className="cart-refund-rule">{refundRuleText(policy.data)}</p>;
}
