import { CartContents } from '@/components/cart/CartContents.tsx';
import { useDialog } from '@/components/use-dialog.ts';
import { useT } from '@/lib/i18n/index.ts';
import { CloseButton } from './icons.tsx';
import { useSidePanelOpen } from './side-panel.ts';

/** The cart as a side panel over the page (spec §2 Cart panel). Escape, the backdrop or × closes it. */
export function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const dialog = useDialog<HTMLElement>(onClose);
  useSidePanelOpen(open);
  if (!open) return null;
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <aside
        ref={dialog.ref}
        onKeyDown={dialog.onKeyDown}
        className="cart-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="drawer-head">
          <h2 id="cart-panel-title">{t('cart.title')}</h2>
          <CloseButton label={t('cart.close')} onClick={onClose} />
        </div>
        <CartContents onKeepShopping={onClose} />
      </aside>
    </div>
  );
}
