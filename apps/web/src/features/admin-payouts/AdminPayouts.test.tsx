import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminPayouts } from './AdminPayouts.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const tutor = (tutorId: number, fullName: string, owed: number) => ({
  tutorId,
  fullName,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  owed,
  bankName: 'Zenith Bank',
  accountNumber: `******${String(1000 + tutorId)}`,
  accountName: fullName.toUpperCase(),
});
const payout = (
  id: number,
  tutorId: number,
  tutorName: string,
  status: string,
  failureReason: string | null,
) => ({
  id,
  reference: `po_${id}`,
  tutorId,
  tutorName,
  amount: 4000,
  status,
  bankName: 'Zenith Bank',
  accountNumber: '******1001',
  failureReason,
  timeCreated: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:05:00.000Z',
});

/** Balances that cannot be paid yet, one of each reason. */
const WAITING = [
  {
    tutorId: 4,
    fullName: 'Aisha Bello',
    email: 'aisha@example.com',
    owed: 9600,
    reason: 'held',
    // 23:30 UTC is 00:30 the next day in Lagos.
    payableFrom: '2026-03-04T23:30:00.000Z',
    bankName: 'GTBank',
    accountNumber: '******4321',
  },
  {
    tutorId: 5,
    fullName: 'Kunle Ade',
    email: 'kunle@example.com',
    owed: 7200,
    reason: 'no_account',
    payableFrom: null,
    bankName: null,
    accountNumber: null,
  },
  {
    tutorId: 6,
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    owed: 640,
    reason: 'below_minimum',
    payableFrom: null,
    bankName: 'Access Bank',
    accountNumber: '******9876',
  },
];

/** The admin's payouts API: three owed tutors; paying answers one payout per tutor id asked. */
function payoutsApi({ payFails = false } = {}) {
  const paid: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/admin/payouts/list')
      return {
        body: {
          responseDto: ok,
          tutors: [tutor(1, 'Emeka Nwosu', 4000), tutor(2, 'Ngozi Eze', 2500), tutor(3, 'Tunde Bello', 1500)],
          totalData: 3,
          waiting: WAITING,
          waitingTotal: WAITING.length,
          minimum: 1000,
        },
      };
    if (path === '/admin/payouts/pay') {
      paid.push(init.json);
      if (payFails)
        return { status: 503, body: { responseDto: { code: 'dk96', message: 'Paystack is unavailable.' } } };
      const { tutorIds } = init.json as { tutorIds: number[] };
      return {
        body: {
          responseDto: ok,
          payouts: tutorIds.map((t, i) =>
            payout(10 + t, t, t === 1 ? 'Emeka Nwosu' : 'Tunde Bello', i === 0 ? 'pending' : 'otp', null),
          ),
        },
      };
    }
    if (path === '/admin/payouts/history')
      return {
        body: {
          responseDto: ok,
          payouts: [
            payout(2, 2, 'Ngozi Eze', 'failed', 'The account is dormant.'),
            payout(1, 1, 'Emeka Nwosu', 'success', null),
          ],
          totalData: 2,
        },
      };
    return { status: 404, body: {} };
  });
  return paid;
}

freshEachTest({ session: 'admin' });

describe('/admin/payouts', () => {
  it('pays the ticked tutors only after the confirmation, and shows each result', async () => {
    const paid = payoutsApi();
    renderWithApp(<AdminPayouts />);
    const row = (await screen.findByText('Emeka Nwosu')).closest('tr')!;
    expect(within(row).getByText('******1001')).toBeInTheDocument();
    expect(within(row).getByText('EMEKA NWOSU')).toBeInTheDocument();
    expect(within(row).getByText('₦4,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay selected' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Emeka Nwosu' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Tunde Bello' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay 2 tutors?' });
    expect(dialog).toHaveTextContent('₦5,500 in total');
    expect(paid).toHaveLength(0);

    // Cancel pays nobody; confirming pays exactly the ticked tutors.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paid).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Pay selected (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(await screen.findByText('2 payouts started.')).toBeInTheDocument();
    expect(paid).toEqual([{ tutorIds: [1, 3] }]);
    const results = screen.getByRole('region', { name: 'Payouts just made' });
    const items = within(results).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Emeka Nwosu · ₦4,000Pending',
      'Tunde Bello · ₦4,000Waiting for OTP',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the balances that cannot be paid yet, with the reason and the date they become payable', async () => {
    payoutsApi();
    renderWithApp(<AdminPayouts />);
    const waiting = await screen.findByRole('table', { name: 'Not payable yet' });
    const rows = within(waiting)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      [
        'Aisha Belloaisha@example.com',
        '₦9,600',
        'Held after a payout account change until 5 Mar 2026, 00:30 (Lagos time, WAT)',
        'GTBank ******4321',
      ],
      [
        'Kunle Adekunle@example.com',
        '₦7,200',
        'No verified payout account: payable once the tutor adds one',
        '—',
      ],
      [
        'Ada Obiada@example.com',
        '₦640',
        'Below the payout minimum of ₦1,000: payable once it reaches it',
        'Access Bank ******9876',
      ],
    ]);
    // They cannot be ticked for payment.
    expect(within(waiting).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the payment is refused', async () => {
    payoutsApi({ payFails: true });
    renderWithApp(<AdminPayouts />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all tutors on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay selected (3)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay 3 tutors?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });

  it('shows the history with statuses and failure reasons', async () => {
    payoutsApi();
    renderWithApp(<AdminPayouts />, { path: '/admin/payouts?tab=history', route: '/admin/payouts' });
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const failed = (await screen.findByText('The account is dormant.')).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Ngozi Eze')).toBeInTheDocument();
    const done = screen.getByText('Emeka Nwosu').closest('tr')!;
    expect(within(done).getByText('Paid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Owed balances' }));
    expect(await screen.findByText('Tunde Bello')).toBeInTheDocument();
  });
});
