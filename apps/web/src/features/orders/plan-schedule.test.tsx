import { useRoutes } from 'react-router';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@app/contract/orders';
import { studentRoutes } from '@/app/routes-student.tsx';
import { paymentPageAnswer } from '@/test/plan-dto.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { planPaymentRedirect } from './components/PlanSchedule.tsx';

const ok = { code: 'dk00', message: 'Success' };
const instalment = (id: number, number: number, amount: number, state: 'paid' | 'scheduled') => ({
  id,
  number,
  dueAt: `2026-0${number}-01T10:00:00.000Z`,
  amount,
  state,
  paidAt: state === 'paid' ? `2026-0${number}-01T10:05:00.000Z` : null,
  reference: state === 'paid' ? `DL-${id}` : null,
});
const order: TOrder = {
  reference: 'DL-plan-1',
  status: 'paid',
  channel: 'card',
  amount: 12000,
  timeCreated: '2026-01-01T10:00:00.000Z',
  paidAt: '2026-01-01T10:05:00.000Z',
  expiresAt: null,
  items: [
    { courseId: 21, title: 'Data engineering programme', amount: 12000, refund: null, refundable: true },
  ],
  refundableUntil: '2026-01-15T10:05:00.000Z',
  plan: {
    id: 7,
    status: 'past_due',
    total: 30000,
    instalments: [
      instalment(1, 1, 12000, 'paid'),
      instalment(2, 2, 9000, 'scheduled'),
      instalment(3, 3, 9000, 'scheduled'),
    ],
  },
};

function StudentScreens() {
  return useRoutes(studentRoutes);
}

// The order page's code loads lazily: give the first (cold) render more time on a shared machine.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

describe('an order paid on an instalment plan', () => {
  it('shows the schedule and what is late, and pays the next payment or the rest on the payment page', async () => {
    const asked: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/plan/pay') {
        asked.push(init.json);
        return { body: paymentPageAnswer('http://pay.example/plan') };
      }
      return { body: { responseDto: ok, order, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
    });
    const go = vi.spyOn(planPaymentRedirect, 'go').mockImplementation(() => undefined);
    renderWithApp(<StudentScreens />, { path: '/home/orders/DL-plan-1', route: '*' });
    const section = await screen.findByRole('region', { name: 'Instalment plan: ₦30,000 in 3 payments' });
    expect(within(section).getByText(/A payment is late/)).toBeInTheDocument();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(
      rows.map(
        (r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent)[3],
      ),
    ).toEqual(['Paid', 'Due', 'Due']);
    await userEvent.click(within(section).getByRole('button', { name: 'Pay now (₦9,000)' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.example/plan'));
    await userEvent.click(within(section).getByRole('button', { name: 'Pay the rest' }));
    await vi.waitFor(() =>
      expect(asked).toEqual([
        { planId: 7, instalmentId: 2 },
        { planId: 7, rest: true },
      ]),
    );
  });

  it('pays a payment before its date from its own row, and links to the saved cards', async () => {
    const asked: unknown[] = [];
    const future = (id: number, number: number, amount: number) => ({
      ...instalment(id, number, amount, 'scheduled'),
      dueAt: `2099-0${number}-01T10:00:00.000Z`,
    });
    const upToDate: TOrder = {
      ...order,
      plan: {
        ...order.plan!,
        status: 'active',
        instalments: [instalment(1, 1, 12000, 'paid'), future(2, 2, 9000), future(3, 3, 9000)],
      },
    };
    mockApi((path, init) => {
      if (path === '/plan/pay') {
        asked.push(init.json);
        return { body: paymentPageAnswer('http://pay.example/early') };
      }
      return {
        body: { responseDto: ok, order: upToDate, refundPolicy: { days: 14, maxWatchedPercent: 30 } },
      };
    });
    const go = vi.spyOn(planPaymentRedirect, 'go').mockImplementation(() => undefined);
    renderWithApp(<StudentScreens />, { path: '/home/orders/DL-plan-1', route: '*' });
    const section = await screen.findByRole('region', { name: 'Instalment plan: ₦30,000 in 3 payments' });
    expect(within(section).getByText('Your instalment plan is up to date.')).toBeInTheDocument();
    // The next payment is "Pay now"; only the one after it has a button of its own.
    expect(within(section).queryByRole('button', { name: /Pay payment 2 early/ })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Pay payment 3 early (₦9,000)' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.example/early'));
    expect(asked).toEqual([{ planId: 7, instalmentId: 3 }]);
    expect(within(section).getByRole('link', { name: 'Your saved cards' })).toHaveAttribute(
      'href',
      '/home/payment-methods',
    );
  });
});
