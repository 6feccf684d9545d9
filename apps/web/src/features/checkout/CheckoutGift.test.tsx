import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@app/contract/orders';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';

const ok = { code: 'dk00', message: 'Success' };
const REF = 'DL-1-gift';
const paidGift: TOrder = {
  reference: REF,
  status: 'paid',
  channel: 'bank_transfer',
  amount: 15000,
  timeCreated: new Date().toISOString(),
  paidAt: new Date().toISOString(),
  expiresAt: null,
  items: [{ courseId: 11, title: 'Testing with Playwright', amount: 15000 }],
  gift: {
    recipientName: 'Chidi Friend',
    recipientEmail: 'chidi@example.com',
    message: '',
    sendOn: '2099-12-25',
    status: 'scheduled',
    sentAt: null,
    redeemedAt: null,
    passedOnTo: null,
  },
};

freshEachTest({ session: 'user' });

describe('return page of a gift', () => {
  it('tells the buyer the gift is paid and when its recipient is emailed, and sends them to no course', async () => {
    mockApi((path) =>
      path === `/order/${REF}`
        ? { body: { responseDto: ok, order: paidGift, refundPolicy: { days: 14, maxWatchedPercent: 30 } } }
        : { status: 500, body: {} },
    );
    renderWithApp(<CheckoutPage />, { path: `/checkout?reference=${REF}`, route: '/checkout' });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Thank you! Your gift for Chidi Friend is paid. We email chidi@example.com on 25 Dec 2099 with a link to redeem it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See the gift's order" })).toHaveAttribute(
      'href',
      `/home/orders/${REF}`,
    );
    expect(screen.queryByRole('link', { name: 'Go to My Courses' })).not.toBeInTheDocument();
  });
});
