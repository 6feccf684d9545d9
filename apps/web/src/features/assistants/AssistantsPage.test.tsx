import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import AssistantsPage from './AssistantsPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };

describe('AssistantsPage', () => {
  it('invites by email, lists assistants and invitations, and removes an assistant after asking', async () => {
    const user = userEvent.setup();
    let assistants = [
      {
        accountId: 12,
        fullName: 'Ada Assistant',
        email: 'ada@example.com',
        since: '2027-01-05T10:00:00.000Z',
      },
    ];
    const api = mockApi((path, init) => {
      if (path === '/course/alltutor')
        return { body: { responseDto: ok, coursesDtos: [{ id: 3, title: 'DevOps basics' }], totalData: 1 } };
      if (path === '/assistant/list')
        return {
          body: {
            responseDto: ok,
            assistants,
            invites: [{ id: 1, email: 'new@example.com', sentAt: '2027-01-06T10:00:00.000Z' }],
          },
        };
      if (path === '/assistant/invite') {
        const email = (init.json as { email: string }).email;
        return email === 'ada@example.com'
          ? {
              status: 409,
              body: {
                responseDto: {
                  code: 'dk96',
                  message: 'Ada Assistant is already an assistant on this course.',
                },
              },
            }
          : { body: { responseDto: { code: 'dk00', message: 'Invitation sent' }, added: false } };
      }
      if (path === '/assistant/remove') {
        assistants = [];
        return { body: { responseDto: { code: 'dk00', message: 'Assistant removed' } } };
      }
      return { status: 404, body: {} };
    });
    renderWithApp(<AssistantsPage />, { path: '/tutor/assistants' });
    const row = (await screen.findByText('Ada Assistant')).closest('tr')!;
    expect(row).toHaveTextContent('ada@example.com');
    expect(screen.getByText('new@example.com')).toBeVisible();

    const email = screen.getByLabelText('Invite by email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ada Assistant is already an assistant on this course.',
    );
    await user.clear(email);
    await user.type(email, 'Tolu@Example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to tolu@example.com.')).toBeVisible();
    const sent = api.mock.calls.filter(([u]) => String(u).endsWith('/assistant/invite')).at(-1)!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ courseId: 3, email: 'tolu@example.com' });

    await user.click(within(row).getByRole('button', { name: 'Remove Ada Assistant' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove assistant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No assistants yet.')).toBeVisible();
    const removed = api.mock.calls.find(([u]) => String(u).endsWith('/assistant/remove'))!;
    expect(JSON.parse(String(removed[1]!.body))).toEqual({ courseId: 3, accountId: 12 });
  });
});
