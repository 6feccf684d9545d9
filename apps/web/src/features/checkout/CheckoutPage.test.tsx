import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cart } from '@/lib/cart.ts';
import { CheckoutPage, SUCCESS_REDIRECT_MS } from './CheckoutPage.tsx';
import { freshEachTest } from '@/test/render-with-app.tsx';

type Call = { url: string; body: unknown };
let calls: Call[];

const ok = { code: 'dk00', message: 'Success' };
const policy = { days: 14, maxWatchedPercent: 30 };
const cardOrder = (reference: string) => ({
  responseDto: ok,
  refundPolicy: policy,
  order: {
    reference,
    status: 'pending',
    channel: 'card',
    amount: 35000,
    timeCreated: '2026-03-01T10:00:00.000Z',
    paidAt: null,
    expiresAt: null,
    items: [],
  },
});

/**
 * Verification answers `status`/`body`; the order (GET /order/:reference) is a pending card order, and its public
 * paid state (GET /order/:reference/paid) is `paid`.
 */
function answer(status: number, body: unknown, paid = false) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (/\/order\/[^/]+\/paid$/.test(url)) {
        calls.push({ url, body: undefined });
        return new Response(JSON.stringify({ responseDto: ok, paid }), { status: 200 });
      }
      const order = /\/order\/([^/]+)$/.exec(url);
      if (order) {
        return new Response(JSON.stringify(cardOrder(decodeURIComponent(order[1]!))), { status: 200 });
      }
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderCheckout(path: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/home/my-courses" element={<h1>My courses screen</h1>} />
            <Route path="/home/cart" element={<h1>Cart screen</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

freshEachTest({ session: 'user', cart: true });
beforeEach(() => {
  cart.add({ id: 11, name: 'Testing with Playwright', price: 15000 });
  cart.add({ id: 12, name: 'Node.js APIs', price: 20000 });
});

describe('checkout screen', () => {
  it('confirms the payment once, clears the cart, then goes to my courses after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(200, { responseDto: { code: 'dk00', message: 'Transaction Process Successfully' } });
    renderCheckout('/checkout?reference=ref-123');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    // StrictMode runs the effect twice; the server must still be asked only once.
    expect(calls).toEqual([
      {
        url: '/dl/api/v1/customertransaction/add',
        body: { reference: 'ref-123', transactionDtoList: [{ courseId: 11 }, { courseId: 12 }] },
      },
    ]);
    expect(cart.items()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_REDIRECT_MS - 500));
    expect(screen.queryByRole('heading', { name: 'My courses screen' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByRole('heading', { name: 'My courses screen' })).toBeInTheDocument();
  });

  it('shows the server message and a way back to the cart when verification fails', async () => {
    answer(400, { responseDto: { code: 'dk96', message: 'Payment was not completed: abandoned' } });
    renderCheckout('/checkout?reference=ref-cancelled');

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment was not completed: abandoned');
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/home/cart');
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
    expect(cart.items()).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });

  it('waits for the money when the payer chose a transfer on the payment page (an order that offered every channel)', async () => {
    // The order allowed any channel; the verification finds the transfer on its way and the server notes the channel.
    let verified = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const order = /\/order\/([^/]+)$/.exec(url);
        if (order) {
          const dto = cardOrder(decodeURIComponent(order[1]!));
          dto.order.channel = (verified ? 'bank_transfer' : null) as unknown as string;
          return new Response(JSON.stringify(dto), { status: 200 });
        }
        verified = true;
        const refusal = {
          code: 'dk96',
          message:
            'The payment has not been completed yet. If you paid, please check again in a few minutes.',
        };
        return new Response(JSON.stringify({ responseDto: refusal }), { status: 400 });
      }),
    );
    renderCheckout('/checkout?reference=ref-plan-link');

    expect(
      await screen.findByRole('heading', { name: 'Waiting for your bank transfer' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment not completed' })).not.toBeInTheDocument();
  });

  it('treats a 200 answer without the success message as a failure', async () => {
    answer(200, { responseDto: { code: 'dk00', message: 'Something else' } });
    renderCheckout('/checkout?reference=ref-odd');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(cart.items()).toHaveLength(2);
  });

  it('shows a generic message when the server fails', async () => {
    answer(500, { responseDto: { code: 'dk96', message: 'Internal Server Error' } });
    renderCheckout('/checkout?reference=ref-500');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('asks a student whose session ended to log in again, and comes back here after', async () => {
    answer(401, { responseDto: { code: 'dk96', message: 'Unauthorized' } });
    renderCheckout('/checkout?reference=ref-401');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in again');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcheckout%3Freference%3Dref-401',
    );
  });

  it('says the payment was received when the token is refused but the order is paid', async () => {
    answer(401, { responseDto: { code: 'dk96', message: 'Unauthorized' } }, true);
    renderCheckout('/checkout?reference=ref-paid');
    expect(await screen.findByText('Payment received. Log in to start learning.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcheckout%3Freference%3Dref-paid',
    );
  });

  it('asks only the public paid state of a browser without a sign-in', async () => {
    localStorage.removeItem('token');
    answer(200, { responseDto: { code: 'dk00', message: 'Transaction Process Successfully' } }, true);
    renderCheckout('/checkout?reference=ref-guest');
    expect(await screen.findByText('Payment received. Log in to start learning.')).toBeInTheDocument();
    expect(new Set(calls.map((c) => c.url))).toEqual(new Set(['/dl/api/v1/order/ref-guest/paid']));
    expect(cart.items()).toHaveLength(2);
  });

  it('calls nothing without a reference', async () => {
    answer(200, {});
    renderCheckout('/checkout');
    expect(screen.getByRole('heading', { name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
