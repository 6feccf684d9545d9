import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAuditEntry } from '@app/contract/audit';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminAudit } from './AdminAudit.tsx';

const ok = { code: 'dk00', message: 'Success' };
const approval: TAuditEntry = {
  id: 41,
  time: '2026-11-26T09:30:00.000Z',
  actorId: 3,
  actorEmail: 'amaka@devlearn.ng',
  actorName: 'Amaka Admin',
  actorRole: 'admin',
  action: 'course.approved',
  subjectType: 'course',
  subjectId: '17',
  details: { title: 'Intro to Go', from: 'Pending', to: 'Approved', reason: null },
  ip: '102.89.4.7',
  userAgent: 'Mozilla/5.0',
  requestId: '0b7d1c2e-5a8f-4c1e-9d7b-2f1e0a9c3b44',
};

/** Answers the list with `entries`; returns every body sent. */
function serve(entries: TAuditEntry[] = [approval]) {
  const sent: unknown[] = [];
  mockApi((path, init) => {
    sent.push({ path, body: init.json });
    return {
      body: {
        responseDto: ok,
        entries,
        totalData: entries.length,
        actions: ['course.approved', 'refund.approved'],
      },
    };
  });
  return sent;
}

freshEachTest({ session: 'admin' });

describe('admin audit log', () => {
  it('shows who did what, on which object, from where and in which request', async () => {
    serve();
    renderWithApp(<AdminAudit />);
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const row = (await screen.findByText('course.approved', { selector: 'code' })).closest('tr')!;
    expect(within(row).getByText('Amaka Admin')).toBeInTheDocument();
    expect(within(row).getByText(/amaka@devlearn\.ng/)).toBeInTheDocument();
    expect(within(row).getByText('course 17')).toBeInTheDocument();
    expect(within(row).getByText(/title: Intro to Go/)).toBeInTheDocument();
    expect(within(row).getByText('102.89.4.7')).toBeInTheDocument();
    expect(within(row).getByText(approval.requestId!)).toBeInTheDocument();
    expect(screen.getByText('1 entry')).toBeInTheDocument();
  });

  it('filters by person, action and dates, and clears the filters', async () => {
    const sent = serve();
    renderWithApp(<AdminAudit />);
    await screen.findByText('course.approved', { selector: 'code' });
    expect(sent[0]).toEqual({ path: '/audit/list', body: { pageSize: 20, pageNo: 0 } });

    await userEvent.type(screen.getByLabelText('Person'), 'amaka@');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'refund.approved');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-26');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('course.approved', { selector: 'code' });
    expect(sent.at(-1)).toEqual({
      path: '/audit/list',
      body: {
        pageSize: 20,
        pageNo: 0,
        actor: 'amaka@',
        action: 'refund.approved',
        from: '2026-11-01',
        to: '2026-11-26',
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Person')).toHaveValue('');
    expect(sent.at(-1)).toEqual({ path: '/audit/list', body: { pageSize: 20, pageNo: 0 } });
  });

  it('says when nothing matches', async () => {
    serve([]);
    renderWithApp(<AdminAudit />);
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
  });
});
