/**
 * Registers the service worker (built by vite-plugin-pwa) once the page has loaded: it caches the app shell and
 * static assets so a repeat visit opens at once, even offline. Only in the production build.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
