import { useRoutes } from 'react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@app/contract/orders';
import { studentRoutes } from '@/app/routes-student.tsx';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';

const ok = { code: 'dk00', message: 'Success' };
const policy = { days: 14, maxWatchedPercent: 30 };

const gift: TOrder = {
  reference: 'DL-1-gift',
  status: 'paid',
  channel: 'card',
  amount: 15000,
  timeCreated: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:05:00.000Z',
  expiresAt: null,
  items: [{ courseId: 11, title: 'Testing with Playwright', amount: 15000, refund: null, refundable: false }],
  refundableUntil: null,
  gift: {
    recipientName: 'Chidi Friend',
    recipientEmail: 'chidi@example.com',
    message: 'Enjoy!',
    sendOn: null,
    status: 'redeemed',
    sentAt: '2026-03-01T10:06:00.000Z',
    redeemedAt: '2026-03-02T09:00:00.000Z',
    passedOnTo: null,
  },
};
const scheduled: TOrder = {
  ...gift,
  reference: 'DL-2-later',
  items: [{ courseId: 12, title: 'Node.js APIs', amount: 15000, refund: null, refundable: true }],
  refundableUntil: '2026-03-15T10:05:00.000Z',
  gift: { ...gift.gift!, sendOn: '2026-12-25', status: 'scheduled', sentAt: null, redeemedAt: null },
};
const passedOn: TOrder = {
  ...gift,
  reference: 'DL-3-passed',
  gift: { ...gift.gift!, status: 'sent', redeemedAt: null, passedOnTo: 'bola@example.com' },
};
const own: TOrder = { ...gift, reference: 'DL-4-own', gift: null };

function StudentScreens() {
  return useRoutes(studentRoutes);
}
const renderAt = (path: string) => renderWithApp(<StudentScreens />, { path, route: '*' });

freshEachTest({ session: 'user' });

describe("a gift's state on its buyer's orders", () => {
  it('lists each gift with its recipient and whether it is scheduled, sent, passed on or redeemed', async () => {
    mockApi((path) =>
      path === '/order/list'
        ? { body: { responseDto: ok, orders: [gift, scheduled, passedOn, own], totalData: 4 } }
        : { status: 500, body: {} },
    );
    renderAt('/home/orders');
    const cards = await screen.findAllByRole('listitem', { name: /^Order of/ });
    const first = within(cards[0]!);
    expect(first.getByText('Chidi Friend (chidi@example.com)')).toBeInTheDocument();
    expect(first.getByText('Redeemed')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Scheduled for 25 Dec 2026')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Sent, not redeemed yet')).toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('passed on to bola@example.com');
    expect(within(cards[3]!).queryByText('Gift for')).not.toBeInTheDocument();
  });

  it('shows the gift on the order page; a redeemed gift offers no refund', async () => {
    mockApi((path) =>
      path === '/order/DL-1-gift'
        ? { body: { responseDto: ok, order: gift, refundPolicy: policy } }
        : { status: 500, body: {} },
    );
    renderAt('/home/orders/DL-1-gift');
    expect(await screen.findByText('Chidi Friend (chidi@example.com)')).toBeInTheDocument();
    expect(screen.getByText('Gift for')).toBeInTheDocument();
    expect(screen.getByText('Redeemed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /refund/i })).not.toBeInTheDocument();
  });
});
