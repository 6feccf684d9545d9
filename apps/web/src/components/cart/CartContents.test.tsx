import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PENDING_ORDER_MESSAGE } from '@app/contract/orders';
import userEvent from '@testing-library/user-event';
import { cart } from '@/lib/cart.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { CartContents, paymentRedirect } from './CartContents.tsx';

const PAY_URL = 'http://pay.example/checkout/abc';
const POLICY = {
  responseDto: { code: 'dk00', message: 'OK' },
  refundPolicy: { days: 14, maxWatchedPercent: 30 },
};

freshEachTest({ cart: true });
afterEach(() => vi.restoreAllMocks());

describe('CartContents', () => {
  it('shows the empty state with Keep Shopping', async () => {
    const keep = vi.fn();
    renderWithApp(<CartContents onKeepShopping={keep} />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep Shopping' }));
    expect(keep).toHaveBeenCalled();
  });

  it('lists name and naira price, removes by position and clears with toasts', async () => {
    cart.add({ id: 1, name: 'React from zero', price: 15000 });
    cart.add({ id: 2, name: 'Testing in practice', price: 2500.5 });
    renderWithApp(<CartContents />);
    expect(screen.getByText('React from zero')).toBeInTheDocument();
    expect(screen.getByText('₦15,000')).toBeInTheDocument();
    expect(screen.getByText('₦17,500.5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove React from zero from cart' }));
    expect(await screen.findByText('Item removed from cart.')).toBeInTheDocument();
    expect(screen.queryByText('React from zero')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      { id: 2, name: 'Testing in practice', price: 2500.5 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared.')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it('shows a line added in a sale at its sale price with the list price struck through', async () => {
    cart.add({ id: 1, name: 'React from zero', price: 12000, nairaPrice: 15000, salePrice: 12000 });
    cart.add({ id: 2, name: 'Testing in practice', price: 2500 });
    renderWithApp(<CartContents />);
    const line = screen.getByText('React from zero').closest('li')!;
    expect(within(line).getByText('₦15,000').tagName).toBe('S');
    expect(line).toHaveTextContent('₦15,000₦12,000');
    expect(screen.getByText('Testing in practice').closest('li')).toHaveTextContent(/₦2,500$/);
    expect(screen.getByText('Total').closest('p')).toHaveTextContent('Total ₦17,500₦14,500');
    expect(screen.getByText('You save ₦3,000')).toBeInTheDocument();
  });

  it('a guest checking out is told to log in and sent to /login after 2 s', async () => {
    cart.add({ id: 1, name: 'React from zero', price: 15000 });
    const fetchSpy = mockApi(() => ({ body: {} }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<CartContents />, { path: '/course/1' });
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('You need to login')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/course/1');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    // Only the refund rule was read: nothing was charged.
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).not.toContain('/dl/api/v1/card/charge');
  });

  it('charges the cart (amount and course ids) and goes to the payment page, showing Loading... meanwhile', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'A', price: 1000 });
    cart.add({ id: 9, name: 'B', price: 2000 });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const fetchSpy = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/refund/policy')) return new Response(JSON.stringify(POLICY), { status: 200 });
      await gate;
      expect(JSON.parse(String(init.body))).toEqual({ amount: 3000, courseIds: [4, 9], channel: 'card' });
      expect((init.headers as Record<string, string>).apiKey).toBe(localStorage.getItem('token'));
      const body = {
        responseDto: { code: 'dk00', message: 'ok' },
        initializeTransactionResponse: {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: PAY_URL, access_code: 'x', reference: 'r1' },
        },
      };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    const busy = screen.getByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(go).toHaveBeenCalledWith(PAY_URL));
    expect(fetchSpy.mock.calls.map((c) => c[0])).toContain('/dl/api/v1/card/charge');
  });

  it('follows the payment URL in an error body too, and shows a refusal without one', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'A', price: 1000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    let withUrl = true;
    mockApi(() =>
      withUrl
        ? {
            status: 400,
            body: {
              responseDto: { code: 'dk96', message: 'x' },
              initializeTransactionResponse: { data: { authorization_url: PAY_URL } },
            },
          }
        : {
            status: 400,
            body: { responseDto: { code: 'dk96', message: 'You already own React from zero' } },
          },
    );
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(PAY_URL));

    withUrl = false;
    go.mockClear();
    cart.clear();
    cart.add({ id: 4, name: 'A', price: 1000 });
    renderWithApp(<CartContents />);
    const buttons = screen.getAllByRole('button', { name: 'Check out' });
    await userEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByText('You already own React from zero')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(buttons[buttons.length - 1]).toBeEnabled();
  });

  it('offers Card, Bank transfer and USSD (Card first chosen), shows the refund rule and sends the chosen channel', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'A', price: 1000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const charges: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/refund/policy') return { body: POLICY };
      if (path === '/plan/list') return { body: { responseDto: { code: 'dk00', message: 'ok' }, plans: [] } };
      charges.push(init.json);
      return {
        body: {
          responseDto: { code: 'dk00', message: 'ok' },
          initializeTransactionResponse: {
            status: true,
            message: 'ok',
            data: { authorization_url: PAY_URL },
          },
        },
      };
    });
    renderWithApp(<CartContents />);
    const group = screen.getByRole('group', { name: 'How will you pay?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['card', 'bank_transfer', 'ussd']);
    expect(within(group).getByRole('radio', { name: /Card/ })).toBeChecked();
    expect(
      await screen.findByText(
        'Refunds within 14 days of payment if you have watched less than 30% of a course.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: /Bank transfer/ }));
    expect(within(group).getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(PAY_URL));
    expect(charges).toEqual([{ amount: 1000, courseIds: [4], channel: 'bank_transfer' }]);
  });

  it('a course held by a waiting payment (409) shows the message, opens that order or cancels it', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'A', price: 1000 });
    const asked: { path: string; body: unknown }[] = [];
    mockApi((path, init) => {
      asked.push({ path, body: init.json });
      if (path === '/order/cancel')
        return { body: { responseDto: { code: 'dk00', message: 'Order cancelled' } } };
      if (path === '/refund/policy') return { body: POLICY };
      return {
        status: 409,
        body: {
          responseDto: { code: 'dk96', message: PENDING_ORDER_MESSAGE },
          pendingReference: 'DL-9-wait',
        },
      };
    });
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('A payment for this course is waiting. Finish it or cancel it.');
    expect(within(notice).getByRole('link', { name: 'Open the waiting payment' })).toHaveAttribute(
      'href',
      '/checkout?reference=DL-9-wait',
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Cancel it' }));
    expect(
      await screen.findByText('The waiting payment was cancelled. You can check out again.'),
    ).toBeInTheDocument();
    expect(asked).toContainEqual({ path: '/order/cancel', body: { reference: 'DL-9-wait' } });
    expect(screen.queryByText(PENDING_ORDER_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled();
  });
  it('checks out a cohort seat with its cohortId; a full cohort is refused and its waitlist offered', async () => {
    storeSession('user');
    cart.add({
      id: 7,
      name: 'Docker · January cohort',
      price: 20000,
      cohortId: 3,
      cohortName: 'January cohort',
    });
    const charged: unknown[] = [];
    mockApi((path, { json }) => {
      if (path === '/refund/policy') return { body: POLICY };
      if (path === '/plan/list') return { body: { responseDto: { code: 'dk00', message: 'ok' }, plans: [] } };
      if (path === '/cohort/waitlist/join')
        return {
          body: {
            responseDto: {
              code: 'dk00',
              message: 'You are on the waitlist. We will tell you when a seat is free.',
            },
            waitlist: 'waiting',
          },
        };
      charged.push(json);
      return {
        status: 409,
        body: { responseDto: { code: 'dk09', message: 'This cohort is full.' }, waitlistCohortId: 3 },
      };
    });
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    const alert = await screen.findByText('This cohort is full.');
    expect(charged).toEqual([{ amount: 20000, courseIds: [7], channel: 'card', cohortId: 3 }]);
    await userEvent.click(within(alert.closest('div')!).getByRole('button', { name: 'Join the waitlist' }));
    expect(
      await screen.findByText('You are on the waitlist. We will tell you when a seat is free.'),
    ).toBeInTheDocument();
  });
});
