import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart } from '@/lib/cart.ts';
import { couponStore } from '@/lib/coupon.ts';
import { coursePlan } from '@/test/plan-dto.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { CartContents, paymentRedirect } from './CartContents.tsx';

const ok = { code: 'dk00', message: 'ok' };
const plan = coursePlan();

freshEachTest({ cart: true });
afterEach(() => {
  vi.restoreAllMocks();
  couponStore.set(null);
});

describe('paying for a course in parts', () => {
  it('offers the course plans beside the full price, shows the dates and amounts, and checks out on the plan with consent', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'Data programme', price: 30000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const charges: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/refund/policy')
        return { body: { responseDto: ok, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
      if (path === '/plan/list') return { body: { responseDto: ok, plans: [plan] } };
      charges.push(init.json);
      return {
        body: {
          responseDto: ok,
          initializeTransactionResponse: {
            status: true,
            message: 'ok',
            data: { authorization_url: 'http://pay.example/x' },
          },
        },
      };
    });
    renderWithApp(<CartContents />);
    const group = await screen.findByRole('group', { name: 'Pay in full or in parts?' });
    expect(within(group).getByRole('radio', { name: 'Pay in full' })).toBeChecked();
    await userEvent.click(
      within(group).getByRole('radio', { name: /₦12,000 now, then 2 monthly payments of ₦9,000/ }),
    );
    const payments = within(group).getByRole('list', { name: 'Your payments' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Today: ₦12,000',
      expect.stringMatching(/2027.*₦9,000$/),
      expect.stringMatching(/2027.*₦9,000$/),
    ]);
    expect(within(group).getByText('10% off what is left if you pay the rest at once.')).toBeInTheDocument();
    await userEvent.click(
      within(group).getByRole('checkbox', { name: /Save my card and charge my next payments/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.example/x'));
    expect(charges).toEqual([{ amount: 30000, courseIds: [4], channel: 'card', planId: 5, saveCard: true }]);
  });

  it('shows the amounts the coupon leaves, as the server quotes them, not the list schedule', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'Data programme', price: 30000 });
    couponStore.set({ code: 'HALF', prices: { 4: 15000 } });
    const quotes: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/refund/policy')
        return { body: { responseDto: ok, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
      if (path === '/plan/list') return { body: { responseDto: ok, plans: [plan] } };
      if (path === '/plan/quote') {
        quotes.push(init.json);
        return {
          body: {
            responseDto: ok,
            total: 15000,
            schedule: plan.schedule.map((s, i) => ({ ...s, amount: i === 0 ? 6000 : 4500 })),
          },
        };
      }
      return { status: 500, body: { responseDto: { code: 'dk99', message: 'unexpected' } } };
    });
    renderWithApp(<CartContents />);
    const group = await screen.findByRole('group', { name: 'Pay in full or in parts?' });
    await userEvent.click(within(group).getByRole('radio', { name: /now, then 2 monthly payments/ }));
    const payments = within(group).getByRole('list', { name: 'Your payments' });
    await waitFor(() =>
      expect(within(payments).getAllByRole('listitem')[0]).toHaveTextContent('Today: ₦6,000'),
    );
    expect(within(payments).getAllByRole('listitem')[1]).toHaveTextContent(/₦4,500$/);
    expect(quotes).toEqual([{ planId: 5, coupon: 'HALF' }]);
    expect(
      within(group).queryByText('A coupon or a sale lowers these amounts at checkout.'),
    ).not.toBeInTheDocument();
  });
});
