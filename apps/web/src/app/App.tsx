import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotFound } from '@/components/NotFound.tsx';
import { setUnauthorizedHandler } from '@/lib/api.ts';
import { clearSession } from '@/lib/session.ts';
import { AccountCacheReset } from './AccountCacheReset.tsx';
import { Frame } from './Frame.tsx';
import { publicRoutes } from './routes-public.tsx';
import { studentRoutes } from './routes-student.tsx';

// The tutor and admin areas are loaded only when visited, so the public bundle stays small.
const TutorArea = lazy(() => import('./TutorArea.tsx'));
const AdminArea = lazy(() => import('./AdminArea.tsx'));
const Toasts = lazy(() => import('./Toasts.tsx'));

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

// The server refused the stored token: the session is over.
setUnauthorizedHandler(() => clearSession());

const loading = <p className="page-loading">Loading...</p>;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountCacheReset />
      <BrowserRouter>
        <Suspense fallback={loading}>
          <Routes>
            <Route path="/tutor/*" element={<TutorArea />} />
            <Route path="/admin/*" element={<AdminArea />} />
            <Route element={<Frame />}>
              {publicRoutes()}
              {studentRoutes()}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </Suspense>
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
