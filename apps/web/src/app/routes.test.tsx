import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshEachTest, mockApi } from '@/test/render-with-app.tsx';
import { AppRoutes } from './routes.tsx';

const scrolledTo = vi.fn();

/** Scrolled to `y`, as the browser reports it: the position, then its scroll event. */
const scrollAt = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};

function renderApp(path: string) {
  const router: { navigate?: NavigateFunction } = {};
  function Navigator() {
    router.navigate = useNavigate();
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Navigator />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { navigate: (to: string | number) => router.navigate!(to as string) };
}

freshEachTest();
beforeEach(() => {
  mockApi(() => ({ status: 500, body: {} }));
  scrolledTo.mockReset();
  vi.stubGlobal('scrollTo', scrolledTo);
  scrollAt(0);
});

describe("the app's routes", () => {
  it('open a new page at the top, and back returns to where the person left the page', async () => {
    const router = renderApp('/terms-and-policy');
    expect(await screen.findByRole('heading', { name: 'Terms and policy' })).toBeInTheDocument();
    scrollAt(1300);
    await act(() => router.navigate('/privacy'));
    expect(await screen.findByRole('heading', { name: /privacy/i })).toBeInTheDocument();
    expect(scrolledTo).toHaveBeenLastCalledWith(0, 0);
    scrollAt(0);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Terms and policy' })).toBeInTheDocument();
    expect(scrolledTo).toHaveBeenLastCalledWith(0, 1300);
  });
});
