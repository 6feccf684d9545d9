/**
 * Registers the service worker (apps/web/sw/sw.ts, built by vite-plugin-pwa) once the page has loaded: it caches the
 * app shell and static assets so a repeat visit opens at once, even offline, and plays downloaded lessons from the
 * device. Only in the production build. Then starts the offline work (lib/offline/start.ts), loaded on its own so
 * the first bundle stays small.
 */
export function registerServiceWorker() {
  const start = () => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    void import('./offline/start.ts').then((m) => m.startOffline());
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
