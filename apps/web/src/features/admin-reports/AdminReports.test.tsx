import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminReports } from './AdminReports.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'admin' });

const ok = { code: 'dk00', message: 'OK' };

it('shows each report with the excerpt as text and the reason, and hides the post', async () => {
  let hidden = false;
  let hideBody: unknown;
  mockApi((path, init) => {
    if (path === '/question/reports')
      return {
        body: {
          responseDto: ok,
          reports: [
            {
              id: 4,
              kind: 'answer',
              postId: 21,
              questionId: 11,
              courseTitle: 'Playwright from zero',
              excerpt: '<img src=x onerror=alert(1)> buy now',
              reason: 'Spam',
              reporter: 'Ada Obi',
              hidden,
              timeCreated: [2026, 1, 2, 10, 0, 0],
            },
          ],
          totalData: 1,
        },
      };
    if (path === '/question/hide') {
      hideBody = init.json;
      hidden = true;
      return { body: { responseDto: ok } };
    }
    return { status: 404, body: {} };
  });
  const { container } = renderWithApp(<AdminReports />);
  const card = await screen.findByRole('listitem', { name: 'Answer in Playwright from zero' });
  expect(within(card).getByText('<img src=x onerror=alert(1)> buy now')).toBeInTheDocument();
  expect(container.querySelector('img')).toBeNull();
  expect(card).toHaveTextContent('Reason: Spam');
  expect(card).toHaveTextContent('Reported by Ada Obi on 2 Jan 2026');

  await userEvent.click(
    within(card).getByRole('button', { name: 'Hide this answer in Playwright from zero' }),
  );
  await screen.findByText('The post is hidden. Only admins can see it now.');
  expect(hideBody).toEqual({ kind: 'answer', id: 21 });
  expect(await within(card).findByText('Hidden')).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: /Hide/ })).toBeNull();
});
