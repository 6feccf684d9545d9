import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CalendarFeedPage from './CalendarFeedPage.tsx';

const okDto = { code: 'dk00', message: 'ok' };
const FEED = 'http://localhost:3000/dl/api/v1/calendar/abc123.ics';

freshEachTest({ session: 'user' });

describe('the calendar feed settings', () => {
  it('makes the private feed URL, copies it, and revokes it', async () => {
    const spy = mockApi((path) =>
      path === '/calendar/feed'
        ? { body: { responseDto: okDto, url: FEED } }
        : { body: { responseDto: { code: 'dk00', message: 'Calendar feed revoked' } } },
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<CalendarFeedPage />, { path: '/user/calendar' });
    await userEvent.click(screen.getByRole('button', { name: 'Get my calendar address' }));
    expect(await screen.findByLabelText('Your private calendar address')).toHaveValue(FEED);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FEED);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke my calendar address' }));
    expect(
      await screen.findByText('Your calendar feed was revoked. Calendars using it get nothing more.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your private calendar address')).not.toBeInTheDocument();
    expect(spy.mock.calls.map(([url]) => String(url))).toEqual([
      '/dl/api/v1/calendar/feed',
      '/dl/api/v1/calendar/feed/revoke',
    ]);
  });
});
