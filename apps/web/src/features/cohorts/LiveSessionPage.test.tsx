import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import LiveSessionPage, { HEARTBEAT_MS, meetingWindow } from './LiveSessionPage.tsx';

const okDto = { code: 'dk00', message: 'ok' };
const session = {
  id: 5,
  cohortId: 3,
  title: 'Kick-off',
  startsAt: '2027-01-12T17:00:00.000Z',
  durationMinutes: 60,
  provider: 'link' as const,
  joinOpensAt: '2027-01-12T16:45:00.000Z',
  joinClosesAt: '2027-01-12T18:00:00.000Z',
  recording: null,
  cohortName: 'January cohort',
  courseId: 7,
  courseTitle: 'Docker and CI/CD',
};
/** The session's page answers, with the server's clock at `now`. */
function api(
  now: string,
  extra: (path: string) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  return mockApi(
    (path) =>
      extra(path) ??
      (path === '/live/session/one' ? { body: { responseDto: okDto, session, now } } : { body: {} }),
  );
}
const open = () => renderWithApp(<LiveSessionPage />, { path: '/live/5', route: '/live/:sessionId' });
const beats = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([url]) => String(url).endsWith('/live/heartbeat')).length;

freshEachTest({ session: 'user' });
afterEach(() => vi.restoreAllMocks());

describe('a live session page', () => {
  it('shows the title and time in WAT; before the window Join is disabled and says when it opens', async () => {
    const spy = api('2027-01-12T16:00:00.000Z');
    open();
    expect(await screen.findByRole('heading', { name: 'Kick-off' })).toBeInTheDocument();
    expect(screen.getByText('Tue 12 January 2027, 18:00 to 19:00 WAT')).toBeInTheDocument();
    expect(screen.getByText('Join opens at 17:45 WAT, 15 minutes before the start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(beats(spy)).toBe(0);
  });

  it('inside the window Join opens the meeting link in a new tab, and heartbeats go every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const tab = { closed: false, opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(meetingWindow, 'reserve').mockReturnValue(tab as unknown as Window);
    const spy = api('2027-01-12T16:50:00.000Z', (path) =>
      path === '/live/join'
        ? {
            body: {
              responseDto: okDto,
              provider: 'link',
              url: 'https://meet.example.com/kick',
              token: null,
              moderator: false,
            },
          }
        : path === '/live/heartbeat'
          ? { body: { responseDto: okDto, minutesAttended: 1 } }
          : undefined,
    );
    open();
    const join = await screen.findByRole('button', { name: 'Join' });
    expect(join).toBeEnabled();
    await userEvent.click(join);
    await vi.waitFor(() => expect(tab.location.href).toBe('https://meet.example.com/kick'));
    expect(tab.opener).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the meeting' })).toHaveAttribute(
      'href',
      'https://meet.example.com/kick',
    );
    const before = beats(spy);
    expect(before).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_MS));
    expect(beats(spy)).toBe(before + 1);
    expect(await screen.findByText('Minutes attended: 1')).toBeInTheDocument();
  });

  it('a refused join (403) and a refused page are shown as the server says them', async () => {
    api('2027-01-12T16:50:00.000Z', (path) =>
      path === '/live/session/one'
        ? {
            status: 403,
            body: {
              responseDto: {
                code: 'dk03',
                message: "Only this cohort's students and the course's staff can see this session.",
              },
            },
          }
        : undefined,
    );
    open();
    expect(
      await screen.findByText("Only this cohort's students and the course's staff can see this session."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('downloads the .ics with the session key', async () => {
    const spy = api('2027-01-12T16:00:00.000Z', (path) =>
      path === '/live/session/5.ics' ? { body: 'BEGIN:VCALENDAR' } : undefined,
    );
    const createObjectURL = vi.fn(() => 'blob:ics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar (.ics)' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = spy.mock.calls.find(([url]) => String(url).endsWith('/live/session/5.ics'));
    expect((call?.[1]?.headers as Record<string, string>).apiKey).toBe(localStorage.getItem('token'));
  });
});
