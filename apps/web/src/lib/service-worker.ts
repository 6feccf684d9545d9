/**
 * Registers the service worker (apps/web/sw/sw.ts, built by vite-plugin-pwa) once the page has loaded: it caches the
 * app shell and static assets so a repeat visit opens at once, even offline, and plays downloaded lessons from the
 * device. Only in the production build. Then starts the offline work (lib/offline/start.ts), loaded on its own so
 * the first bundle stays small. Each when the page is idle after loading (a hydrating page is not) and in a task of
 * its own: loading the offline code and opening its database would otherwise lengthen the hydration's tasks.
 */
export function registerServiceWorker() {
  const whenIdle = (work: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 1);
  const start = () => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      whenIdle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
    whenIdle(() => void import('./offline/start.ts').then((m) => m.startOffline()));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
