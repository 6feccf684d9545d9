import { useRoutes } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@app/contract/orders';
import { studentRoutes } from '@/app/routes-student.tsx';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';

const REASON_REQUIRED = 'Please tell us why you want a refund.';

const ok = { code: 'dk00', message: 'Success' };
const policy = { days: 14, maxWatchedPercent: 30 };

const paid: TOrder = {
  reference: 'DL-1-paid',
  status: 'paid',
  channel: 'bank_transfer',
  amount: 35000,
  timeCreated: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:05:00.000Z',
  expiresAt: null,
  items: [
    { courseId: 11, title: 'Testing with Playwright', amount: 15000, refund: null, refundable: true },
    { courseId: 12, title: 'Node.js APIs', amount: 20000, refund: null, refundable: false },
  ],
  refundableUntil: '2026-03-15T10:05:00.000Z',
};
const waiting: TOrder = {
  ...paid,
  reference: 'DL-2-wait',
  status: 'pending',
  channel: 'ussd',
  amount: 5000,
  paidAt: null,
  items: [{ courseId: 13, title: 'Docker in practice', amount: 5000 }],
  refundableUntil: null,
};

/** The student routes as the app mounts them. */
function StudentScreens() {
  return useRoutes(studentRoutes);
}

const renderAt = (path: string) => renderWithApp(<StudentScreens />, { path, route: '*' });

freshEachTest({ session: 'user' });

describe('order history', () => {
  it('lists each order with reference, date, status, channel, total and items, paged', async () => {
    const asked: unknown[] = [];
    mockApi((path, init) => {
      asked.push(init.json);
      return path === '/order/list'
        ? { body: { responseDto: ok, orders: [paid, waiting], totalData: 12 } }
        : { status: 500, body: {} };
    });
    renderAt('/home/orders');
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem', { name: /^Order of/ });
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('DL-1-paid')).toBeInTheDocument();
    expect(first.getByText('Paid')).toBeInTheDocument();
    expect(first.getByText('Bank transfer')).toBeInTheDocument();
    expect(first.getByText('₦35,000')).toBeInTheDocument();
    expect(first.getByText('Testing with Playwright')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View order DL-1-paid' })).toHaveAttribute(
      'href',
      '/home/orders/DL-1-paid',
    );
    expect(first.getByText(/^Refundable until 15 Mar 2026/)).toBeInTheDocument();
    const second = within(cards[1]!);
    expect(second.getByText('Waiting for payment')).toBeInTheDocument();
    expect(second.getByText('USSD')).toBeInTheDocument();
    expect(second.queryByText(/Refundable until/)).not.toBeInTheDocument();
    expect(asked[0]).toEqual({ pageSize: 10, pageNo: 0 });

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(asked.at(-1)).toEqual({ pageSize: 10, pageNo: 1 });
  });

  it('says when there are no orders', async () => {
    mockApi(() => ({ body: { responseDto: ok, orders: [], totalData: 0 } }));
    renderAt('/home/orders');
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});

describe('order details', () => {
  it('shows the receipt, the refund rule, and a refund form that validates, sends and shows the status', async () => {
    let current = paid;
    const requests: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/refund/request') {
        requests.push(init.json);
        current = {
          ...paid,
          items: [
            {
              ...paid.items[0]!,
              refundable: false,
              refund: {
                id: 7,
                status: 'requested',
                reason: 'Not what I expected',
                note: null,
                timeCreated: '2026-03-02T09:00:00.000Z',
              },
            },
            paid.items[1]!,
          ],
        };
        return { body: { responseDto: ok } };
      }
      if (path === '/order/DL-1-paid')
        return { body: { responseDto: ok, order: current, refundPolicy: policy } };
      return { status: 500, body: {} };
    });
    renderAt('/home/orders/DL-1-paid');

    expect(await screen.findByRole('heading', { name: 'Order details' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    expect(
      screen.getByText('Refunds within 14 days of payment if you have watched less than 30% of a course.'),
    ).toBeInTheDocument();
    // Only the refundable line offers the action.
    expect(screen.getAllByRole('button', { name: /Ask for a refund/ })).toHaveLength(1);

    await userEvent.click(
      screen.getByRole('button', { name: 'Ask for a refund of Testing with Playwright' }),
    );
    const form = screen.getByRole('form', { name: 'Refund of Testing with Playwright' });
    await userEvent.type(within(form).getByLabelText('Why do you want a refund?'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByLabelText('Why do you want a refund?')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Why do you want a refund?'));
    await userEvent.type(within(form).getByLabelText('Why do you want a refund?'), 'Not what I expected');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(requests).toEqual([{ reference: 'DL-1-paid', courseId: 11, reason: 'Not what I expected' }]);
    expect(screen.queryByRole('button', { name: /Ask for a refund/ })).not.toBeInTheDocument();
  });

  it('shows a server refusal of the refund under the form', async () => {
    mockApi((path) =>
      path === '/refund/request'
        ? { status: 400, body: { responseDto: { code: 'dk96', message: 'The refund window has closed.' } } }
        : { body: { responseDto: ok, order: paid, refundPolicy: policy } },
    );
    renderAt('/home/orders/DL-1-paid');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ask for a refund of Testing with Playwright' }),
    );
    await userEvent.type(screen.getByLabelText('Why do you want a refund?'), 'Changed my mind');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The refund window has closed.');
  });

  it('offers to follow a waiting payment and no receipt yet', async () => {
    mockApi(() => ({
      body: { responseDto: ok, order: { ...waiting, channel: 'card' }, refundPolicy: policy },
    }));
    renderAt('/home/orders/DL-2-wait');
    expect(await screen.findByRole('link', { name: 'Follow the payment' })).toHaveAttribute(
      'href',
      '/checkout?reference=DL-2-wait',
    );
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });
});
