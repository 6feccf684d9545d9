import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadFirstScreen } from './app/routes-public.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

// A transition lets React render the first screen in slices, yielding to the browser between them: on a slow phone
// one long task would block input for hundreds of milliseconds (Lighthouse's total blocking time). The header painted
// by index.html stays until the first screen is ready.
const root = createRoot(document.getElementById('root')!);
// A page the server painted (a course, a category) is replaced at the first render, so its screen's code (which
// the document preloads alongside this one) is awaited first: no "Loading..." in place of what was on screen.
void preloadFirstScreen(window.location.pathname).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

registerServiceWorker();
