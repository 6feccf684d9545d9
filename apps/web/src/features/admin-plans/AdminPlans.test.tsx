import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminPlans } from './AdminPlans.tsx';

const ok = { code: 'dk00', message: 'Success' };
const late = {
  id: 3,
  status: 'suspended',
  courseId: 8,
  title: 'Data programme',
  studentName: 'Ada Obi',
  studentEmail: 'ada@example.com',
  arrears: 9000,
  overdueSince: '2026-11-01T10:00:00.000Z',
  total: 30000,
  paid: 12000,
};

freshEachTest({ session: 'admin' });

describe('late instalment plans', () => {
  it('lists the plans past due and suspended with their arrears, and filters by status', async () => {
    const asked: unknown[] = [];
    mockApi((_path, init) => {
      asked.push(init.json);
      return { body: { responseDto: ok, plans: [late], totalData: 1, totalArrears: 9000 } };
    });
    renderWithApp(<AdminPlans />);
    expect(await screen.findByText('1 plan, ₦9,000 in arrears.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Ada Obi/ });
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    expect(within(row).getByText('₦12,000 of ₦30,000')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Past due');
    expect(asked.at(-1)).toEqual({ pageSize: 20, pageNo: 0, status: 'past_due' });
  });
});
