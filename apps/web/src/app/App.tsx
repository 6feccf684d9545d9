import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
// React Router's declarative mode: its data router (loaders, actions, fetchers) is not used, and left out of the
// first download.
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AccountCacheReset } from './AccountCacheReset.tsx';
import { AppRoutes } from './routes.tsx';

const Toasts = lazy(() => import('./Toasts.tsx'));

/** The query cache's defaults, the same for the browser's client and the server's render of a page. */
export const makeQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });

const noSubscription = () => () => undefined;
/** False in the server's render and the browser's hydration of it, true after: for what only the browser shows. */
const useAfterHydration = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * What wraps the router in the browser and on the server alike (so both render the same tree): the query cache,
 * the reset of its answers when the account changes, and the toasts (mounted once the page is the browser's).
 */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  const browser = useAfterHydration();
  return (
    <QueryClientProvider client={client}>
      <AccountCacheReset />
      {children}
      {browser && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

/** The browser's app: the route tree (routes.tsx) in the browser's router, with the page's query cache. */
export function App({ client }: { client: QueryClient }) {
  return (
    <AppFrame client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
