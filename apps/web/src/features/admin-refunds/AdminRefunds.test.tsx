import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REFUND_REJECT_NOTE_REQUIRED, type TRefundDto, ZRefundProcessRequest } from '@app/contract/orders';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminRefunds } from './AdminRefunds.tsx';

const ok = { code: 'dk00', message: 'Success' };
const asked: TRefundDto = {
  id: 7,
  reference: 'DL-1-paid',
  courseId: 11,
  courseTitle: 'Testing with Playwright',
  studentName: 'Chioma Okafor',
  studentEmail: 'chioma@example.com',
  amount: 15000,
  reason: 'Not what I expected',
  watchedPercent: 12.4,
  status: 'requested',
  note: null,
  paidAt: '2026-03-01T10:05:00.000Z',
  timeCreated: '2026-03-02T09:00:00.000Z',
  decidedAt: null,
};

/** The list answers `refunds` until a decision, then the decided one; returns every body sent. */
function serve(processAnswer: { status?: number; body: unknown } = { body: { responseDto: ok } }) {
  const sent: { path: string; body: unknown }[] = [];
  let decided = false;
  mockApi((path, init) => {
    sent.push({ path, body: init.json });
    if (path === '/refund/process') {
      decided = (processAnswer.status ?? 200) === 200;
      return processAnswer;
    }
    const list = decided ? [] : [asked];
    return { body: { responseDto: ok, refunds: list, totalData: list.length } };
  });
  return sent;
}

const renderScreen = () => renderWithApp(<AdminRefunds />);
const APPROVE_NOTE_LABEL = 'Note for the student (optional)';
const REJECT_NOTE_LABEL = 'Why is it refused? (required, the student sees it)';

freshEachTest({ session: 'admin' });

describe('admin refunds', () => {
  it('lists the waiting requests and filters by status', async () => {
    const sent = serve();
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'Testing with Playwright' });
    expect(within(card).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(card).getByText('₦15,000')).toBeInTheDocument();
    expect(within(card).getByText('12%')).toBeInTheDocument();
    expect(within(card).getByText('Not what I expected')).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: '/refund/list', body: { pageSize: 10, pageNo: 0, status: 'requested' } });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    expect(sent.at(-1)).toEqual({ path: '/refund/list', body: { pageSize: 10, pageNo: 0 } });
  });

  it('approves with a note: sends refundProcess, toasts and closes', async () => {
    const sent = serve();
    renderScreen();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Approve refund of Testing with Playwright for Chioma Okafor',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve refund' });
    expect(within(dialog).getByLabelText(APPROVE_NOTE_LABEL)).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText(APPROVE_NOTE_LABEL), 'Sorry it did not help');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText('Refund approved. The money is on its way to the student.'),
    ).toBeInTheDocument();
    expect(sent).toContainEqual({
      path: '/refund/process',
      body: { id: 7, approve: true, note: 'Sorry it did not help' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(/No refund requests with the status/)).toBeInTheDocument();
  });

  it('approves without a note: the request the server accepts (no "Note is required")', async () => {
    const sent = serve();
    renderScreen();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Approve refund of Testing with Playwright for Chioma Okafor',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve refund' });
    expect(within(dialog).getByLabelText(APPROVE_NOTE_LABEL)).not.toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText('Refund approved. The money is on its way to the student.'),
    ).toBeInTheDocument();
    const body = sent.find((s) => s.path === '/refund/process')!.body;
    expect(body).toEqual({ id: 7, approve: true, note: '' });
    // The contract's schema is what the server validates with: it must take this body.
    expect(ZRefundProcessRequest.safeParse(body).success).toBe(true);
  });

  it('needs a note to reject, and shows the server refusal in the dialog', async () => {
    const sent = serve({
      status: 503,
      body: { responseDto: { code: 'dk96', message: 'The payment provider could not be reached.' } },
    });
    renderScreen();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Reject refund of Testing with Playwright for Chioma Okafor',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject refund' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REFUND_REJECT_NOTE_REQUIRED);
    expect(within(dialog).getByLabelText(REJECT_NOTE_LABEL)).toBeRequired();
    expect(sent.some((s) => s.path === '/refund/process')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(REJECT_NOTE_LABEL), 'Watched most of it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider could not be reached.',
    );
    expect(sent).toContainEqual({
      path: '/refund/process',
      body: { id: 7, approve: false, note: 'Watched most of it' },
    });
  });
});
