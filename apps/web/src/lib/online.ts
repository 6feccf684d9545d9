import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let unreachable = false;

/**
 * Called by the API client after every call: false when the request never reached the server (no connection),
 * true when any answer came back. navigator.onLine alone misses a phone whose data is on but not working.
 */
export function reportReachable(reached: boolean) {
  if (unreachable === !reached) return;
  unreachable = !reached;
  listeners.forEach((l) => l());
}

// The browser's `online` clears a failed call's mark before any other listener runs (they are added later), so
// nothing that reacts to the connection's return still sees it missing.
if (typeof window !== 'undefined') window.addEventListener('online', () => reportReachable(true));

/** Whether the app can reach the network right now (the browser says so and the last API call got through). */
export const isOnline = () => navigator.onLine && !unreachable;

/** Calls `onChange` when the connection goes or returns; returns the unsubscribe. */
export const onOnlineChange = (onChange: () => void) => {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the app can reach the network (the browser says so and the last API call got through); re-renders on change. */
export const useOnline = () => useSyncExternalStore(onOnlineChange, isOnline, () => true);
