import { Suspense } from 'react';
import { lazyWithWords } from '@/lib/lazy-screen.ts';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { NotFound } from '@/components/NotFound.tsx';
import { Frame } from './Frame.tsx';
import { ScrollRestorer } from './ScrollRestorer.tsx';
import { publicRoutes } from './routes-public.tsx';
import { studentRoutes } from './routes-student.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';

// The tutor and admin areas are loaded only when visited, so the public bundle stays small.
const TutorArea = lazyWithWords(() => import('./TutorArea.tsx'));
const AdminArea = lazyWithWords(() => import('./AdminArea.tsx'));

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
        children: [...publicRoutes, ...studentRoutes, { path: '*', element: <NotFound /> }],
      },
    ],
  },
];

/** The page of the router's location, from the route tree (React Router's declarative mode: no data router). */
export function AppRoutes() {
  return useRoutes(routes);
}
