import { useEffect, type RefObject } from 'react';

/** While `open`, a pointer pressed outside the `inside` element closes it (`setOpen(false)`): menus and dropdowns. */
export function useCloseOnPointerOutside(
  inside: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: false) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!inside.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [inside, open, setOpen]);
}
