import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import './modal.css';

// What Tab can reach; of a radio group only the checked radio, as browsers do.
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'input:not([disabled]):not([type="radio"])',
  'input[type="radio"]:checked',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The keyboard behaviour every modal and drawer shares: on open, focus moves to the element marked
 * `data-autofocus` (or the first focusable one) and returns to the opener on close; Escape closes; Tab and
 * Shift+Tab stay inside. Spread `ref` and `onKeyDown` on the dialog element; mount the dialog only while open.
 */
export function useDialog<T extends HTMLElement>(onClose: () => void) {
  const ref = useRef<T>(null);
  // Before the browser paints the dialog, so no frame shows it open with the focus still behind it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = ref.current;
    (
      root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent<T>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return { ref, onKeyDown };
}
