import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLocale, SOURCE_LOCALE } from '@app/contract/locales';
import { App, makeQueryClient } from './app/App.tsx';
import { preloadScreen } from './app/routes.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { cart } from './lib/cart.ts';
import { couponStore } from './lib/coupon.ts';
import { replayEarlyClicks, replayEarlyLanguage } from './lib/early-clicks.ts';
import { chooseLocale, rememberLocale, storedLocale } from './lib/i18n/choice.ts';
import { warmFormats } from './lib/i18n/format.ts';
import { activateLocale, loadPartLocales } from './lib/i18n/index.ts';
import { hydrateQueryState } from './lib/query-state.ts';
import { nextTask } from './lib/next-task.ts';
import { clearSession } from './lib/session.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

// The server refused the stored token: the session is over.
setUnauthorizedHandler(() => clearSession());

const client = makeQueryClient();
const container = document.getElementById('root')!;
// A page the server rendered (the public pages) carries its query state: the same tree is hydrated over its HTML.
// Any other page is rendered here alone, in a transition so a slow phone's first render is sliced.
const rendered = hydrateQueryState(client);
// The page's language: the server's (on <html lang>, from the visitor's cookie or Accept-Language) for a page it
// rendered, so the first render is its own; else the one chosen in this browser. Its first chunk of words (preloaded
// by the document) and the screen's code are awaited first, so the page hydrates in one pass; the rest of its words
// follow on their own, before any other screen shows.
const pageLang = document.documentElement.lang;
const served = isLocale(pageLang) ? pageLang : SOURCE_LOCALE;
// The language chosen in this browser is read from storage only for a page rendered here alone (a server's page
// reads it after hydrating: a first read of storage is a few ms of a phone's main thread).
const first = rendered ? served : (storedLocale() ?? served);
void (async () => {
  await Promise.all([
    preloadScreen(window.location.pathname),
    activateLocale(first, { firstOnly: true }),
    // Parts of the server's page in another language (a certificate's): their words too, as the server wrote them.
    rendered && loadPartLocales(container),
  ]);
  // What the first render would otherwise do inside its own task, each in a task before it: ICU's data for the
  // language's numbers and dates, and the first reads of the browser's storage (the cart, an applied coupon).
  await warmFormats();
  await nextTask();
  cart.items();
  couponStore.get();
  await nextTask();
  document.documentElement.lang = first;
  const app = (
    <StrictMode>
      <App client={client} />
    </StrictMode>
  );
  if (rendered) {
    hydrateRoot(container, app);
    replayEarlyClicks();
    // Picked in the page's picker before hydration: applied now, as the picker would have.
    const picked = replayEarlyLanguage((locale) => void chooseLocale(locale));
    // Chosen here but not known to the server (a cookie cleared): the page follows the choice after hydrating.
    await nextTask();
    const chosen = storedLocale();
    if (!picked && chosen && chosen !== served)
      void activateLocale(chosen).then(() => rememberLocale(chosen));
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
})();

registerServiceWorker();
