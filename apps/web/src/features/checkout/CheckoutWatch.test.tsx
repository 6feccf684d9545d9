import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@app/contract/orders';
import { cart } from '@/lib/cart.ts';
import { POLL_FIRST_MS } from '@/lib/queries/orders.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';

const ok = { code: 'dk00', message: 'Success' };
const REF = 'DL-1-abc';

function order(over: Partial<TOrder>): TOrder {
  return {
    reference: REF,
    status: 'pending',
    channel: 'bank_transfer',
    amount: 15000,
    timeCreated: new Date().toISOString(),
    paidAt: null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    items: [{ courseId: 11, title: 'Testing with Playwright', amount: 15000 }],
    ...over,
  };
}

/** The order answers follow `states` one per call (the last repeats); returns the paths asked. */
function serveOrder(...states: Partial<TOrder>[]) {
  const asked: string[] = [];
  let n = 0;
  mockApi((path) => {
    asked.push(path);
    if (path === `/order/${REF}`) {
      const state = states[Math.min(n++, states.length - 1)]!;
      return {
        body: { responseDto: ok, order: order(state), refundPolicy: { days: 14, maxWatchedPercent: 30 } },
      };
    }
    if (path === '/order/cancel') return { body: { responseDto: ok } };
    return { status: 500, body: { responseDto: { code: 'dk96', message: 'unexpected' } } };
  });
  return asked;
}

const renderReturnPage = () =>
  renderWithApp(<CheckoutPage />, { path: `/checkout?reference=${REF}`, route: '/checkout' });

freshEachTest({ cart: true, session: 'user' });
beforeEach(() => {
  cart.add({ id: 11, name: 'Testing with Playwright', price: 15000 });
  cart.add({ id: 12, name: 'Node.js APIs', price: 20000 });
});

describe('return page of a transfer or USSD order', () => {
  it('shows what is awaited with a countdown, polls, and turns to success by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = serveOrder(
      { status: 'pending' },
      { status: 'pending' },
      { status: 'paid', paidAt: new Date().toISOString() },
    );
    renderReturnPage();

    expect(
      await screen.findByRole('heading', { name: 'Waiting for your bank transfer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('₦15,000')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(30:00|29:5\d)$/);
    expect(screen.getByText(/This page updates by itself./)).toHaveAttribute('aria-live', 'polite');

    await act(() => vi.advanceTimersByTimeAsync(POLL_FIRST_MS + 100));
    expect(screen.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_FIRST_MS * 1.5 + 100));

    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Courses' })).toHaveAttribute(
      'href',
      '/home/my-courses',
    );
    // Only the paid course leaves the cart; the card verification is never asked.
    expect(cart.items().map((i) => i.id)).toEqual([12]);
    expect(asked.filter((p) => p === `/order/${REF}`)).toHaveLength(3);
    expect(asked).not.toContain('/customertransaction/add');
    // Paid: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(asked.filter((p) => p === `/order/${REF}`)).toHaveLength(3);
  });

  it('shows the dial step for USSD', async () => {
    serveOrder({ channel: 'ussd' });
    renderReturnPage();
    expect(await screen.findByRole('heading', { name: 'Waiting for your USSD payment' })).toBeInTheDocument();
    expect(screen.getByText(/dial the code shown on the payment page/)).toBeInTheDocument();
  });

  it('cancels a waiting payment, then says it was not completed with a way back to the cart', async () => {
    const asked = serveOrder({ status: 'pending' }, { status: 'abandoned' });
    renderReturnPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No courses were added.');
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/home/cart');
    expect(asked).toContain('/order/cancel');
    expect(cart.items()).toHaveLength(2);
  });

  it('says a failed payment failed', async () => {
    serveOrder({ status: 'failed' });
    renderReturnPage();
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
  });

  it('falls back to verifying when the order cannot be read', async () => {
    const asked: string[] = [];
    mockApi((path) => {
      asked.push(path);
      return path === '/customertransaction/add'
        ? { body: { responseDto: { code: 'dk00', message: 'Transaction Process Successfully' } } }
        : { status: 404, body: { responseDto: { code: 'dk96', message: 'Not found' } } };
    });
    renderReturnPage();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(asked.slice(0, 2)).toEqual([`/order/${REF}`, '/customertransaction/add']);
    expect(cart.items()).toEqual([]);
  });
});
