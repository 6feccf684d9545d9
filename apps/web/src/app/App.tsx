import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
// RouterProvider from the package's main entry: the same module as the route tree's hooks and the server's
// StaticRouterProvider (react-router/dom's adds only flushSync, which the app does not use).
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AccountCacheReset } from './AccountCacheReset.tsx';

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

/** The browser's app: the data router (made from the route objects of routes.tsx) with the page's query cache. */
export function App({
  client,
  router,
}: {
  client: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <AppFrame client={client}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
