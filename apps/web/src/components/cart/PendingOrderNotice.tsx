import { Link } from '@/components/Link.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useCancelOrder } from '@/lib/queries/orders.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The answer to a checkout of a course that a waiting transfer or USSD order holds: open that order (its return
 * page) or cancel it, then check out again.
 */
export function PendingOrderNotice({
  reference,
  onCancelled,
}: {
  reference: string;
  onCancelled: () => void;
}) {
  const t = useT();
  const cancel = useCancelOrder();
  return (
    <div className="cart-pending" role="alert">
      <p>{t('cartPanel.pendingOrder')}</p>
      <div className="cart-pending-actions">
        <Link to={`/checkout?reference=${encodeURIComponent(reference)}`} className="btn btn-outline">
          {t('cartPanel.pendingOpen')}
        </Link>
        <button
          type="button"
          className="btn btn-outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(reference, { onSuccess: onCancelled })}
        >
          {cancel.isPending ? t('cartPanel.pendingCancelling') : t('cartPanel.pendingCancel')}
        </button>
      </div>
      {cancel.isError && <p className="field-error">{refusalMessage(cancel.error, genericError())}</p>}
    </div>
  );
}
