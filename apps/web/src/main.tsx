import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, makeQueryClient } from './app/App.tsx';
import { routes } from './app/routes.tsx';
import { preloadFirstScreen } from './app/routes-public.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { replayEarlyClicks } from './lib/early-clicks.ts';
import { hydrateQueryState } from './lib/query-state.ts';
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
// The screen's code (preloaded by the document) is awaited first, so the page hydrates in one pass.
void preloadFirstScreen(window.location.pathname).then(() => {
  const app = (
    <StrictMode>
      <App client={client} router={createBrowserRouter(routes)} />
    </StrictMode>
  );
  if (rendered) {
    hydrateRoot(container, app);
    replayEarlyClicks();
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
});

registerServiceWorker();
