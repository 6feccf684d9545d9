import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';

export type Call = { method: string; path: string; body: unknown; apiKey: string | null };
type Handler = (
  call: Call,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Replaces fetch with `handler`, recording every call the screen makes. */
export function mockApi(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.replace('/dl/api/v1', ''),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        apiKey: headers.apiKey ?? null,
      };
      calls.push(call);
      const { status = 200, body } = await handler(call);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const ok = (extra: object = {}) => ({ responseDto: { code: 'dk00', message: 'OK' }, ...extra });
export const refused = (message: string) => ({ responseDto: { code: 'dk96', message } });

/** Renders a screen with a fresh query cache (no retries) and a router, logged in as an admin. */
export function renderScreen(ui: ReactNode, path = '/') {
  localStorage.setItem('token', 'admin-token');
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}
