import { useEffect, useSyncExternalStore } from 'react';

// How many side panels (the cart) are open: the toasts keep clear of them.
let open = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Marks a side panel open while `shown` holds and the calling component is mounted. */
export function useSidePanelOpen(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    open += 1;
    changed();
    return () => {
      open -= 1;
      changed();
    };
  }, [shown]);
}

/** Whether a side panel is open now. */
export function useAnySidePanelOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open > 0,
    () => false,
  );
}
