import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import type { TPayoutStanding } from '@app/contract/payouts';
import Earnings from './Earnings.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const summary = {
  responseDto: ok,
  payout: { state: 'payable', payableFrom: null, minimum: 1000 } as TPayoutStanding,
  owed: 4000,
  inTransfer: 2000,
  paidOut: 12000,
  settledBySplit: 8000,
  refunded: 2000,
  byMonth: [
    { month: '2026-01', gross: 10000, fee: 2000, net: 8000 },
    { month: '2026-02', gross: 25000, fee: 5000, net: 20000 },
  ],
};
const line = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  date: '2026-02-14T09:30:00.000Z',
  kind: 'sale',
  courseId: 4,
  courseTitle: `Course ${id}`,
  buyerFirstName: 'Chioma',
  gross: 5000,
  fee: 1000,
  net: 4000,
  route: 'split',
  status: 'settled',
  referral: false,
  ...over,
});

/** The earnings screen's calls: the summary, 12 ledger lines over two pages, no courses. */
function earningsApi(payout: TPayoutStanding = summary.payout, owed = summary.owed) {
  const asked: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/staff/earnings/summary') return { body: { ...summary, payout, owed } };
    if (path === '/staff/ledger') {
      asked.push(init.json);
      const { pageNo } = init.json as { pageNo: number };
      const lines =
        pageNo === 0
          ? [
              line(12, { route: 'owed', status: 'owed' }),
              line(11, { kind: 'refund', gross: -5000, fee: -1000, net: -4000 }),
              line(10, { referral: true, fee: 150, net: 4850 }),
              ...Array.from({ length: 7 }, (_, i) => line(9 - i)),
            ]
          : [line(2, { route: 'owed', status: 'paid_out' }), line(1)];
      return { body: { responseDto: ok, lines, totalData: 12 } };
    }
    return { body: { responseDto: ok, coursesDtos: [], totalData: 0 } };
  });
  return asked;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

freshEachTest({ session: 'tutor' });

describe('/tutor/earnings money', () => {
  it('shows the five figures in naira and the months as a table', async () => {
    earningsApi();
    renderWithApp(<Earnings />);
    const figures = await screen.findByRole('list', { name: 'Your money' });
    expect(
      within(figures)
        .getAllByRole('listitem')
        .map((li) => [
          li.querySelector('.earnings-figure-label')?.textContent,
          li.querySelector('strong')?.textContent,
        ]),
    ).toEqual([
      ['Owed to you', '₦4,000'],
      ['In transfer', '₦2,000'],
      ['Paid out', '₦12,000'],
      ['Settled by split', '₦8,000'],
      ['Refunded', '₦2,000'],
    ]);
    const months = screen.getByRole('table', { name: 'Earnings by month' });
    const feb = within(months).getByRole('rowheader', { name: 'Feb 2026' }).closest('tr')!;
    expect(cellsOf(feb)).toEqual(['₦25,000', '₦5,000', '₦20,000']);
    expect(within(months).getByRole('rowheader', { name: 'Jan 2026' })).toBeInTheDocument();
  });

  it('says when the owed balance is paid out, or why not yet and until when (Lagos time)', async () => {
    const cases: [TPayoutStanding, number, string | null][] = [
      [
        { state: 'held', payableFrom: '2026-03-04T23:30:00.000Z', minimum: 1000 },
        9600,
        '₦9,600 is owed to you, held after your payout account changed until 5 Mar 2026, 00:30 (Lagos time, WAT).',
      ],
      [
        { state: 'below_minimum', payableFrom: null, minimum: 1000 },
        640,
        '₦640 is owed to you, below the payout minimum of ₦1,000. It is paid out once it reaches the minimum.',
      ],
      [
        { state: 'no_account', payableFrom: null, minimum: 1000 },
        7200,
        '₦7,200 is owed to you. Add a verified payout account in Settings to be paid. Add a payout account',
      ],
      [
        { state: 'payable', payableFrom: null, minimum: 1000 },
        4000,
        '₦4,000 is due to you and will be paid out by transfer.',
      ],
      [{ state: 'nothing_owed', payableFrom: null, minimum: 1000 }, 0, null],
    ];
    for (const [payout, owed, text] of cases) {
      earningsApi(payout, owed);
      const { unmount } = renderWithApp(<Earnings />);
      await screen.findByRole('list', { name: 'Your money' });
      const said = document.querySelector('.earnings-payout');
      expect(said?.textContent ?? null).toBe(text);
      if (payout.state === 'no_account')
        expect(screen.getByRole('link', { name: 'Add a payout account' })).toHaveAttribute(
          'href',
          '/tutor/settings',
        );
      unmount();
    }
  });

  it('lists the ledger lines with their route and status, 10 per page', async () => {
    const asked = earningsApi();
    renderWithApp(<Earnings />);
    // The spec's course table is what the screen opens on; the ledger is the second tab.
    expect(await screen.findByRole('tab', { name: 'By course' })).toHaveAttribute('aria-selected', 'true');
    expect(asked).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Sales and refunds' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?view=sales');
    const owed = (await screen.findByRole('cell', { name: 'Course 12' })).closest('tr')!;
    expect(cellsOf(owed)).toEqual([
      '14 Feb 2026',
      'Course 12',
      'Chioma',
      '₦5,000',
      '₦1,000',
      '₦4,000',
      'Owed, paid by transfer',
      'Owed',
    ]);
    const refund = screen.getByRole('cell', { name: 'Course 11 (refund)' }).closest('tr')!;
    expect(cellsOf(refund).slice(3)).toEqual([
      '−₦5,000',
      '−₦1,000',
      '−₦4,000',
      'Split at payment',
      'Paid by split',
    ]);

    // A sale through the tutor's referral link says so, with its smaller fee.
    const referral = screen.getByRole('cell', { name: 'Course 10 (referral)' }).closest('tr')!;
    expect(cellsOf(referral).slice(3, 6)).toEqual(['₦5,000', '₦150', '₦4,850']);

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    const paid = (await screen.findByRole('cell', { name: 'Course 2' })).closest('tr')!;
    expect(cellsOf(paid).slice(6)).toEqual(['Owed, paid by transfer', 'Paid out']);
    expect(asked).toEqual([
      { pageNo: 0, pageSize: 10 },
      { pageNo: 1, pageSize: 10 },
    ]);
  });
});
