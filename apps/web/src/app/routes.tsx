import { Suspense } from 'react';
import { lazyScreen, lazyWithWords } from '@/lib/lazy-screen.ts';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { Frame } from './Frame.tsx';
import { ScrollRestorer } from './ScrollRestorer.tsx';
import { preloadFirstScreen, publicRoutes } from './routes-public.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';

// The tutor and admin areas are loaded only when visited, so the public bundle stays small.
const TutorArea = lazyWithWords(() => import('./TutorArea.tsx'));
const AdminArea = lazyWithWords(() => import('./AdminArea.tsx'));
// The student screens and the unknown page (OtherRoutes.tsx). Without the words' wait: the unknown page is rendered by
// the server and hydrated with the first chunk of words; the student screens wait for theirs themselves.
const OtherScreens = lazyScreen(() => import('./OtherRoutes.tsx'));

const loading = <PageLoading />;

/**
 * Every page's root: its scroll (a new page opens at the top or at its #anchor; back and forward return to where the
 * person left that page), and a fallback while a lazy area's code loads.
 */
function Root() {
  return (
    <>
      <Suspense fallback={loading}>
        <Outlet />
      </Suspense>
      <ScrollRestorer />
    </>
  );
}

/**
 * The app's whole route tree, as route objects, rendered by `AppRoutes` inside the browser's router (App.tsx) and
 * inside the server's static router for one request's URL (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/tutor/*', element: <TutorArea /> },
      { path: '/admin/*', element: <AdminArea /> },
      {
        element: <Frame />,
        children: [...publicRoutes, { path: '*', element: <OtherScreens /> }],
      },
    ],
  },
];

/**
 * Loads the code that the page at `pathname` renders first, before the app's first render (the browser's hydration,
 * the server's render): a public screen the server renders, or the table of the other pages (the student screens,
 * the unknown page). Never fails: the screen then loads as usual.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*'
    ? OtherScreens.preload().catch(() => undefined)
    : preloadFirstScreen(pathname);
}

/** The page of the router's location, from the route tree (React Router's declarative mode: no data router). */
export function AppRoutes() {
  return useRoutes(routes);
}
