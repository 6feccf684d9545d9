import { useEffect, useRef } from 'react';
import { CartContents } from '../cart/CartContents.tsx';
import { CloseIcon } from './icons.tsx';

/** The cart as a side panel over the page (spec §2 Cart panel). Escape, the backdrop or × closes it. */
export function CartPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Focus moves into the panel, and back to what opened it when it closes.
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <aside
        className="cart-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-panel-title"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="drawer-head">
          <h2 id="cart-panel-title">Your Cart</h2>
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            aria-label="Close cart"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <CartContents onKeepShopping={onClose} />
      </aside>
    </div>
  );
}
