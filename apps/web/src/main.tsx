import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

// A transition lets React render the first screen in slices, yielding to the browser between them: on a slow phone
// one long task would block input for hundreds of milliseconds (Lighthouse's total blocking time). The header painted
// by index.html stays until the first screen is ready.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
