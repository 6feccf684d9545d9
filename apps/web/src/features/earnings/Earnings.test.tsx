import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CourseEarnings from './CourseEarnings.tsx';
import Earnings from './Earnings.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };

freshEachTest({ session: 'tutor' });

/** The earnings screen's money summary of a tutor with nothing owed, paid or refunded yet. */
const noMoneyYet = {
  responseDto: ok,
  payout: { state: 'nothing_owed', payableFrom: null, minimum: 1000 },
  owed: 0,
  inTransfer: 0,
  paidOut: 0,
  settledBySplit: 0,
  refunded: 0,
  byMonth: [],
};

describe('/tutor/earnings', () => {
  it('lists buyers and earnings per course, each linking to its buyers', async () => {
    mockApi((path) =>
      path === '/staff/earnings/summary'
        ? { body: noMoneyYet }
        : {
            body: {
              responseDto: ok,
              totalData: 1,
              coursesDtos: [
                {
                  id: 4,
                  title: 'Node.js APIs',
                  nairaPrice: 2500,
                  status: 'Approved',
                  buyerCount: 3,
                  totalEarnings: 7500,
                  sectionDto: [],
                },
              ],
            },
          },
    );
    renderWithApp(<Earnings />);
    const link = await screen.findByRole('link', { name: 'Node.js APIs' });
    expect(link).toHaveAttribute('href', '/tutor/course/earnings/4');
    const table = link.closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course', 'Price', 'Status', 'Buyers', 'Earnings (net)']);
    const cells = within(link.closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Node.js APIs', '₦2,500', 'Approved', '3', '₦7,500']);
  });
});

describe('/tutor/course/earnings/:id', () => {
  it('shows name, email and amount of each buyer, 10 per page', async () => {
    const asked: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/course/singlecourse/4')
        return { body: { responseDto: ok, coursesDto: { id: 4, title: 'Node.js APIs' } } };
      asked.push(init.json);
      const { pageNo } = init.json as { pageNo: number };
      const users = Array.from({ length: pageNo === 0 ? 10 : 2 }, (_, i) => ({
        fullName: `Buyer ${pageNo * 10 + i + 1}`,
        email: `buyer${pageNo * 10 + i + 1}@example.com`,
        amount: 2500,
      }));
      return { body: { responseDto: ok, users, totalData: 12, totalEarnings: 30000 } };
    });
    renderWithApp(<CourseEarnings />, {
      path: '/tutor/course/earnings/4',
      route: '/tutor/course/earnings/:id',
    });
    const row = (await screen.findByRole('cell', { name: 'Buyer 1' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Buyer 1', 'buyer1@example.com', '₦2,500']);
    expect(
      within(row.closest('table')!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Your earnings (net)']);
    expect(screen.getByText('₦30,000').closest('span')).toHaveTextContent('Total earnings (net): ₦30,000');
    expect(await screen.findByText('Node.js APIs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('cell', { name: 'Buyer 12' })).toBeInTheDocument();
    expect(asked).toEqual([
      { id: 4, pageNo: 0, pageSize: 10 },
      { id: 4, pageNo: 1, pageSize: 10 },
    ]);
  });

  it("shows the server's refusal for another tutor's course", async () => {
    mockApi(() => ({
      status: 403,
      body: { responseDto: { code: 'dk96', message: 'You can only see the earnings of your own courses.' } },
    }));
    renderWithApp(<CourseEarnings />, {
      path: '/tutor/course/earnings/9',
      route: '/tutor/course/earnings/:id',
    });
    expect(await screen.findByText('You can only see the earnings of your own courses.')).toBeInTheDocument();
  });
});
