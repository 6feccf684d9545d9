import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import AcceptAssistPage from './AcceptAssistPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

describe('AcceptAssistPage', () => {
  it('accepts the invitation with the token and leads to the grading queue', async () => {
    const user = userEvent.setup();
    const api = mockApi(() => ({
      body: { responseDto: { code: 'dk00', message: 'OK' }, courseId: 3, courseTitle: 'DevOps basics' },
    }));
    renderWithApp(<AcceptAssistPage />, { path: '/tutor/assist?token=abc123' });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText(/You now assist on/)).toHaveTextContent(
      'You now assist on DevOps basics.',
    );
    expect(screen.getByRole('link', { name: 'Open the grading queue' })).toHaveAttribute(
      'href',
      '/tutor/grading?course=3',
    );
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ token: 'abc123' });
  });

  it('tells an invitation sent to another address or already used', async () => {
    const user = userEvent.setup();
    mockApi(() => ({
      status: 403,
      body: { responseDto: { code: 'dk96', message: 'This invitation was sent to another email address.' } },
    }));
    renderWithApp(<AcceptAssistPage />, { path: '/tutor/assist?token=abc123' });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation was sent to another email address.',
    );
  });
});
