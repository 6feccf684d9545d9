import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AnnounceButton } from './AnnounceButton.tsx';
import { QaEmailsToggle } from './QaEmailsToggle.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };

it('sends an announcement, checking the fields first and showing the weekly limit from the server', async () => {
  const sent: unknown[] = [];
  mockApi((path, init) => {
    if (path !== '/announcement/add') return { status: 404, body: {} };
    sent.push(init.json);
    return sent.length === 1
      ? {
          body: {
            responseDto: ok,
            announcement: {
              id: 1,
              courseId: 7,
              title: 'Live class',
              body: 'Saturday',
              tutorName: 'Emeka',
              timeCreated: [2026, 1, 2, 10, 0, 0],
            },
          },
        }
      : {
          status: 429,
          body: { responseDto: { code: 'dk429', message: 'A course can have 2 announcements in 7 days.' } },
        };
  });
  renderWithApp(<AnnounceButton course={{ id: 7, title: 'Playwright from zero' }} />);
  const open = screen.getByRole('button', {
    name: 'Send an announcement to the students of Playwright from zero',
  });
  await userEvent.click(open);
  let dialog = screen.getByRole('dialog', { name: 'Send an announcement' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
  expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await userEvent.type(within(dialog).getByLabelText('Title'), 'Live class');
  await userEvent.type(within(dialog).getByLabelText('Message'), 'Saturday');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
  await screen.findByText('Announcement sent to the students of this course.');
  expect(sent[0]).toEqual({ courseId: 7, title: 'Live class', body: 'Saturday' });
  expect(screen.queryByRole('dialog')).toBeNull();

  await userEvent.click(open);
  dialog = screen.getByRole('dialog', { name: 'Send an announcement' });
  await userEvent.type(within(dialog).getByLabelText('Title'), 'Again');
  await userEvent.type(within(dialog).getByLabelText('Message'), 'Again');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'A course can have 2 announcements in 7 days.',
  );
});

it('switches Q&A emails off', async () => {
  let enabled = true;
  const sets: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/qa/emails/current') return { body: { responseDto: ok, enabled } };
    if (path === '/qa/emails') {
      sets.push(init.json);
      enabled = (init.json as { enabled: boolean }).enabled;
      return { body: { responseDto: ok, enabled } };
    }
    return { status: 404, body: {} };
  });
  renderWithApp(<QaEmailsToggle />);
  const toggle = await screen.findByRole('switch', { name: 'Q&A emails' });
  await vi.waitFor(() => expect(toggle).toBeEnabled());
  expect(toggle).toBeChecked();
  await userEvent.click(toggle);
  await screen.findByText('Q&A emails are off.');
  expect(toggle).not.toBeChecked();
  expect(sets).toEqual([{ enabled: false }]);
});
