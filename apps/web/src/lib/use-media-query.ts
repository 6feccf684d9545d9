import { useCallback, useSyncExternalStore } from 'react';

/** The width under which screens lay out for a phone (the CSS's `max-width: 760px`). */
export const PHONE_QUERY = '(max-width: 760px)';

const list = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether the media `query` matches now; re-renders when it starts or stops matching. False where unsupported. */
export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = list(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => list(query)?.matches ?? false,
    () => false,
  );
}
