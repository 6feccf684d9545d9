import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';
import { cart } from '@/lib/cart.ts';

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(cleanup);

/** Shows the current path so tests can assert where a screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `ui` at `path` inside the providers the app uses (query client, router, toasts); any other path
 * renders nothing but the location probe. With `asRoutes`, `ui` is a <Route> tree of its own.
 */
export function renderWithApp(ui: ReactElement, { path = '/', route = '*', asRoutes = false } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {asRoutes ? ui : <Route path={route} element={ui} />}
          {!asRoutes && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastContainer autoClose={5000} />
    </QueryClientProvider>,
  );
}

type Handler = (path: string, init: RequestInit & { json?: unknown }) => { status?: number; body: unknown };

/** Replaces fetch with `handler` (given the path under the API base and the parsed JSON body); returns the spy. */
export function mockApi(handler: Handler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.replace(/^.*\/dl\/api\/v1/, '');
    const json = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const { status = 200, body } = handler(path, { ...init, json });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** A three-part token whose middle part holds `exp` (epoch seconds), like the server's. */
export function fakeToken(expSeconds: number, role = 'user') {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role, exp: expSeconds })}.signature`;
}

type Role = 'user' | 'tutor' | 'admin';

/** Stores a logged-in session the way the login screens do. */
export function storeSession(role: Role, expSeconds = Math.floor(Date.now() / 1000) + 3600) {
  localStorage.setItem('token', fakeToken(expSeconds, role));
  localStorage.setItem('email', `${role}@example.com`);
  localStorage.setItem('role', role);
  localStorage.setItem('user', `${role}@example.com`);
  localStorage.setItem('tokenExpiration', String(expSeconds));
}

/**
 * Each test of the file starts from empty storage (and an empty cart with `cart`), signed in as `session` when
 * given, and ends with real timers and the stubbed globals (fetch) put back.
 */
export function freshEachTest({ session, cart: withCart = false }: { session?: Role; cart?: boolean } = {}) {
  beforeEach(() => {
    localStorage.clear();
    if (withCart) cart.reload();
    if (session) storeSession(session);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
