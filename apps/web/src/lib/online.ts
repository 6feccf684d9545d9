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

const subscribe = (onChange: () => void) => {
  const online = () => reportReachable(true);
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the app can reach the network (the browser says so and the last API call got through); re-renders on change. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !unreachable,
    () => true,
  );
