import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { expect, it, vi } from 'vitest';
import { courseDto } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CohortPage from './CohortPage.tsx';
import { cohortDto, memberDto, ok, refused, sessionDto } from './test-data.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const quiz = (id: number, title: string) => ({
  id,
  title,
  questionCount: 5,
  passPercent: 70,
  passed: false,
  bestPercent: null,
});

type Answer = { status?: number; body: unknown };
type TMembers = ReturnType<typeof memberDto>[];
type TSessions = ReturnType<typeof sessionDto>[];

/** Cohort 31's dashboard with `members` and `sessions`; `on` answers the writes (by path) and records them. */
function dashboardApi(
  members: TMembers,
  sessions: TSessions,
  on: Record<string, (body: Record<string, unknown>) => Answer> = {},
) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  mockApi((path, init) => {
    if (path === '/cohort/members')
      return { body: { responseDto: ok(), cohort: cohortDto({ status: 'running' }), members, sessions: 2 } };
    if (path === '/live/session/list') return { body: { responseDto: ok(), sessions } };
    if (path === '/course/singlecourse/7')
      return {
        body: {
          responseDto: ok(),
          coursesDto: courseDto({
            id: 7,
            sectionDto: [
              { id: 71, title: 'Containers', seriesList: [], quizzes: [quiz(81, 'Containers check')] },
              { id: 72, title: 'Pipelines', seriesList: [], quizzes: [quiz(82, 'Pipelines check')] },
            ],
          }),
        },
      };
    if (path === '/cohort/deadlines')
      return {
        body: {
          responseDto: ok(),
          deadlines: [
            { quizId: 81, days: 4, localTime: '23:59', dueAt: '2099-01-16T22:59:00.000Z', refuseLate: false },
          ],
          assignments: [
            {
              assignmentId: 91,
              title: 'Ship a pipeline',
              dueAt: '2099-01-17T22:00:00.000Z',
              refuseLate: true,
            },
          ],
        },
      };
    const handler = on[path];
    if (handler) {
      calls.push({ path, body: init.json as Record<string, unknown> });
      return handler(init.json as Record<string, unknown>);
    }
    return { status: 404, body: {} };
  });
  return calls;
}

const renderCohort = (tab = '') =>
  renderWithApp(<Route path="/tutor/cohort/:id" element={<CohortPage />} />, {
    path: `/tutor/cohort/31${tab}`,
    asRoutes: true,
  });

it('lists the members with their progress and attendance, and highlights who watched nothing for 7 days', async () => {
  dashboardApi(
    [
      memberDto(),
      memberDto({ studentId: 6, fullName: 'Bola Ade', idle: true, lastWatchedAt: null, progressPercent: 0 }),
    ],
    [],
  );
  renderCohort();
  expect(await screen.findByRole('heading', { name: 'January class' })).toBeInTheDocument();
  expect(screen.getByText('Starts 12 January 2099, 09:00 WAT · 18 of 30 seats left')).toBeInTheDocument();
  expect(screen.getByText('1 student has watched nothing for 7 days.')).toHaveClass('cohort-idle-note');
  const row = (name: string) => within(screen.getByText(name).closest('tr')!);
  expect(row('Ada Obi').getByText('20 Dec 2098, 11:00')).toBeInTheDocument();
  expect(row('Ada Obi').getByText('15 Jan 2099, 19:30')).toBeInTheDocument();
  expect(row('Ada Obi').getByText('1 of 2')).toBeInTheDocument();
  expect(row('Ada Obi').getByLabelText('Progress of Ada Obi')).toHaveValue(40);
  expect(row('Ada Obi').queryByText('Idle 7 days')).not.toBeInTheDocument();
  expect(row('Bola Ade').getByText('Idle 7 days')).toBeInTheDocument();
  expect(row('Bola Ade').getByText('Never')).toBeInTheDocument();
});

it('announces to this cohort only, with the messages of bad input under the fields', async () => {
  const calls = dashboardApi([memberDto()], [], {
    '/cohort/announce': () => ({ body: { responseDto: ok('Announcement sent') } }),
  });
  renderCohort();
  const form = within(await screen.findByRole('form', { name: 'Announce to this cohort only' }));
  await userEvent.click(form.getByRole('button', { name: 'Send to this cohort' }));
  expect(await form.findByText('Title is required')).toBeInTheDocument();
  expect(form.getByText('Message is required')).toBeInTheDocument();
  expect(calls).toEqual([]);
  await userEvent.type(form.getByLabelText('Title'), 'Class moved');
  await userEvent.type(form.getByLabelText('Message'), 'Thursday at 6pm instead.');
  await userEvent.click(form.getByRole('button', { name: 'Send to this cohort' }));
  expect(await screen.findByText('Announcement sent to the members of January class.')).toBeInTheDocument();
  expect(calls).toEqual([
    {
      path: '/cohort/announce',
      body: { cohortId: 31, title: 'Class moved', body: 'Thursday at 6pm instead.' },
    },
  ]);
});

it('schedules a session on a pasted https link, refusing a missing or plain-http link under the field', async () => {
  const calls = dashboardApi([], [], {
    '/live/session/save': (b) => ({
      body: { responseDto: ok('Live session saved'), session: sessionDto({ title: b.title as string }) },
    }),
  });
  renderCohort('?tab=sessions');
  expect(await screen.findByText('No live sessions yet.')).toBeInTheDocument();
  const form = within(screen.getByRole('form', { name: 'New live session' }));
  await userEvent.type(form.getByLabelText('Title'), 'Week 1 live class');
  await userEvent.type(form.getByLabelText('Starts (Lagos time, WAT)'), '2099-01-13T18:00');
  await userEvent.clear(form.getByLabelText('Duration (minutes)'));
  await userEvent.type(form.getByLabelText('Duration (minutes)'), '90');
  expect(form.getByLabelText('Meeting')).toHaveValue('link');
  await userEvent.click(form.getByRole('button', { name: 'Schedule session' }));
  expect(await form.findByText('Paste the meeting link.')).toBeInTheDocument();
  await userEvent.type(form.getByLabelText('Meeting link (https)'), 'http://meet.example.com/abc');
  await userEvent.click(form.getByRole('button', { name: 'Schedule session' }));
  expect(await form.findByText('link must be an https URL')).toBeInTheDocument();
  expect(calls).toEqual([]);

  await userEvent.clear(form.getByLabelText('Meeting link (https)'));
  await userEvent.type(form.getByLabelText('Meeting link (https)'), 'https://meet.example.com/abc');
  await userEvent.click(form.getByRole('button', { name: 'Schedule session' }));
  expect(await screen.findByText('Live session Week 1 live class scheduled.')).toBeInTheDocument();
  expect(calls).toEqual([
    {
      path: '/live/session/save',
      body: {
        cohortId: 31,
        title: 'Week 1 live class',
        startsAt: '2099-01-13T17:00:00.000Z',
        durationMinutes: 90,
        provider: 'link',
        link: 'https://meet.example.com/abc',
      },
    },
  ]);
});

it('moves a session that has not started to a new time, keeping its meeting link, and deletes one after asking', async () => {
  const calls = dashboardApi([], [sessionDto({ startsAt: '2099-01-13T17:00:00.000Z' })], {
    '/live/session/save': (b) => ({
      body: { responseDto: ok('Live session saved'), session: sessionDto({ title: b.title as string }) },
    }),
    '/live/session/delete': () => ({ body: { responseDto: ok('Live session deleted') } }),
  });
  renderCohort('?tab=sessions');
  await userEvent.click(await screen.findByRole('button', { name: 'Change Week 1 live class' }));
  const form = within(screen.getByRole('form', { name: 'Change Week 1 live class' }));
  expect(form.getByLabelText('Starts (Lagos time, WAT)')).toHaveValue('2099-01-13T18:00');
  expect(form.getByLabelText('Meeting link (https)')).toHaveValue('');
  await userEvent.clear(form.getByLabelText('Starts (Lagos time, WAT)'));
  await userEvent.type(form.getByLabelText('Starts (Lagos time, WAT)'), '2099-01-14T19:30');
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Live session Week 1 live class changed.')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Change Week 1 live class' })).not.toBeInTheDocument();
  // No link sent: the server keeps the session's own.
  expect(calls).toEqual([
    {
      path: '/live/session/save',
      body: {
        id: 41,
        cohortId: 31,
        title: 'Week 1 live class',
        startsAt: '2099-01-14T18:30:00.000Z',
        durationMinutes: 60,
        provider: 'link',
      },
    },
  ]);

  await userEvent.click(screen.getByRole('button', { name: 'Delete Week 1 live class' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Delete Week 1 live class?' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Keep the session' }));
  expect(calls).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Week 1 live class' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Delete Week 1 live class?' })).getByRole('button', {
      name: 'Delete session',
    }),
  );
  expect(await screen.findByText('Live session Week 1 live class deleted.')).toBeInTheDocument();
  expect(calls[1]).toEqual({ path: '/live/session/delete', body: { sessionId: 41 } });
});

it('offers no change or delete of a session that is over, only its recording', async () => {
  dashboardApi([], [sessionDto({ startsInMinutes: -180 })]);
  renderCohort('?tab=sessions');
  expect(
    await screen.findByRole('button', { name: 'Attach the recording of Week 1 live class' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Change Week 1 live class' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Week 1 live class' })).not.toBeInTheDocument();
});

it("shows the server's refusal of an engine it does not offer in the form", async () => {
  dashboardApi([], [], { '/live/session/save': () => refused('This server does not offer jitsi sessions.') });
  renderCohort('?tab=sessions');
  const form = within(await screen.findByRole('form', { name: 'New live session' }));
  await userEvent.type(form.getByLabelText('Title'), 'Week 1');
  await userEvent.type(form.getByLabelText('Starts (Lagos time, WAT)'), '2099-01-13T18:00');
  await userEvent.selectOptions(form.getByLabelText('Meeting'), 'jitsi');
  expect(form.queryByLabelText('Meeting link (https)')).not.toBeInTheDocument();
  await userEvent.click(form.getByRole('button', { name: 'Schedule session' }));
  expect(await form.findByRole('alert')).toHaveTextContent('This server does not offer jitsi sessions.');
});

it('joins a session that is on as its moderator in a new tab, and says when a later one opens', async () => {
  const calls = dashboardApi(
    [],
    [
      sessionDto({ startsInMinutes: -10 }),
      sessionDto({ id: 42, title: 'Week 2', startsInMinutes: 60 * 24 * 7 }),
    ],
    {
      '/live/join': () => ({
        body: {
          responseDto: ok('Joining'),
          provider: 'link',
          url: 'https://meet.example.com/abc',
          token: null,
          moderator: true,
        },
      }),
    },
  );
  const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
  const open = vi.fn(() => tab);
  vi.stubGlobal('open', open);
  renderCohort('?tab=sessions');
  const later = within((await screen.findByText('Week 2')).closest('tr')!);
  expect(later.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  expect(later.getByText(/^Join opens /)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Join Week 1 live class as moderator' }));
  await vi.waitFor(() => expect(tab.location.href).toBe('https://meet.example.com/abc'));
  expect(open).toHaveBeenCalledWith('about:blank', '_blank');
  // The meeting's page gets no handle on this one.
  expect(tab.opener).toBeNull();
  expect(calls).toEqual([{ path: '/live/join', body: { sessionId: 41 } }]);
});

it("opens a session's attendance sheet and marks a member present or absent by hand", async () => {
  let marked: boolean | null = null;
  const calls = dashboardApi([], [sessionDto({ startsInMinutes: -120 })], {
    '/live/attendance': () => ({
      body: {
        responseDto: ok(),
        attendance: [
          {
            studentId: 5,
            fullName: 'Ada Obi',
            joinedAt: '2099-01-13T17:02:00.000Z',
            minutesAttended: 47,
            markedPresent: null,
            present: true,
          },
          {
            studentId: 6,
            fullName: 'Bola Ade',
            joinedAt: null,
            minutesAttended: 0,
            markedPresent: marked,
            present: marked ?? false,
          },
        ],
      },
    }),
    '/live/attendance/mark': (b) => {
      marked = b.present as boolean | null;
      return { body: { responseDto: ok('Attendance saved') } };
    },
  });
  renderCohort('?tab=sessions');
  await userEvent.click(await screen.findByRole('button', { name: 'Attendance of Week 1 live class' }));
  const sheet = within(screen.getByRole('region', { name: 'Attendance of Week 1 live class' }));
  const row = (name: string) => within(sheet.getByText(name).closest('tr')!);
  expect(await row('Ada Obi').findByText('13 Jan 2099, 18:02')).toBeInTheDocument();
  expect(row('Ada Obi').getByText('47')).toBeInTheDocument();
  expect(row('Ada Obi').getByText('Present')).toBeInTheDocument();
  expect(row('Bola Ade').getByText('Not joined')).toBeInTheDocument();
  expect(row('Bola Ade').getByText('Absent')).toBeInTheDocument();

  await userEvent.click(row('Bola Ade').getByRole('button', { name: 'Mark Bola Ade present' }));
  expect(await row('Bola Ade').findByText('Present (marked by hand)')).toBeInTheDocument();
  await userEvent.click(row('Bola Ade').getByRole('button', { name: 'Count Bola Ade automatically' }));
  expect(await row('Bola Ade').findByText('Absent')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/live/attendance/mark').map((c) => c.body)).toEqual([
    { sessionId: 41, studentId: 6, present: true },
    { sessionId: 41, studentId: 6, present: null },
  ]);
});

it('attaches a link as the recording of a session that is over', async () => {
  const calls = dashboardApi([], [sessionDto({ startsInMinutes: -120 })], {
    '/live/session/save': (b) => ({
      body: {
        responseDto: ok('Live session saved'),
        session: sessionDto({ recording: b.recording as string }),
      },
    }),
  });
  renderCohort('?tab=sessions');
  await userEvent.click(
    await screen.findByRole('button', { name: 'Attach the recording of Week 1 live class' }),
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Recording of Week 1 live class' }));
  expect(dialog.getByText('It becomes a lesson of this cohort, for its members only.')).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Attach recording' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Choose the video of the recording.');
  await userEvent.click(dialog.getByRole('radio', { name: 'A link' }));
  await userEvent.type(
    dialog.getByLabelText('Link to the recording (https)'),
    'http://videos.example.com/w1',
  );
  await userEvent.click(dialog.getByRole('button', { name: 'Attach recording' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('The link must start with https://');
  await userEvent.clear(dialog.getByLabelText('Link to the recording (https)'));
  await userEvent.type(
    dialog.getByLabelText('Link to the recording (https)'),
    'https://videos.example.com/w1',
  );
  await userEvent.click(dialog.getByRole('button', { name: 'Attach recording' }));
  expect(await screen.findByText('The recording of Week 1 live class is attached.')).toBeInTheDocument();
  expect(calls).toEqual([
    {
      path: '/live/session/save',
      body: expect.objectContaining({ id: 41, cohortId: 31, recording: 'https://videos.example.com/w1' }),
    },
  ]);
});

it('unlocks a section early for one member or for everyone', async () => {
  const calls = dashboardApi([memberDto(), memberDto({ studentId: 6, fullName: 'Bola Ade' })], [], {
    '/cohort/release/unlock': () => ({ body: { responseDto: ok('Section unlocked') } }),
  });
  renderCohort('?tab=schedule');
  const form = within(await screen.findByRole('form', { name: 'Unlock a section early' }));
  await userEvent.selectOptions(form.getByLabelText('Section'), 'Pipelines');
  await userEvent.selectOptions(form.getByLabelText('For'), 'Bola Ade');
  await userEvent.click(form.getByRole('button', { name: 'Unlock now' }));
  expect(await screen.findByText('Pipelines is open for Bola Ade.')).toBeInTheDocument();
  await userEvent.selectOptions(form.getByLabelText('For'), 'Everyone in this cohort');
  await userEvent.click(form.getByRole('button', { name: 'Unlock now' }));
  expect(await screen.findByText('Pipelines is open for everyone in this cohort.')).toBeInTheDocument();
  expect(calls.map((c) => c.body)).toEqual([
    { cohortId: 31, sectionId: 72, studentId: 6 },
    { cohortId: 31, sectionId: 72 },
  ]);
});

it("sets a quiz's deadline relative to the cohort, refusing late attempts, and extends one member's", async () => {
  const calls = dashboardApi([memberDto()], [], {
    '/cohort/deadline': () => ({
      body: { responseDto: ok('Deadline saved'), dueAt: '2099-01-19T17:00:00.000Z' },
    }),
    '/cohort/deadline/extend': () => ({ body: { responseDto: ok('Deadline extended') } }),
  });
  renderCohort('?tab=schedule');
  const set = within(await screen.findByRole('form', { name: 'Deadline of Containers check' }));
  expect(
    set.getByText('Due 16 Jan 2099, 23:59 (Lagos time, WAT) · late attempts accepted and marked late'),
  ).toBeInTheDocument();
  const unset = within(screen.getByRole('form', { name: 'Deadline of Pipelines check' }));
  expect(unset.getByText('No deadline.')).toBeInTheDocument();
  await userEvent.click(unset.getByRole('button', { name: 'Save deadline' }));
  expect(await unset.findByText('days must be a number')).toBeInTheDocument();
  await userEvent.type(unset.getByLabelText('Due days after the start day'), '7');
  await userEvent.clear(unset.getByLabelText('At (Lagos time, WAT)'));
  await userEvent.type(unset.getByLabelText('At (Lagos time, WAT)'), '18:00');
  await userEvent.click(unset.getByLabelText('Refuse late attempts'));
  await userEvent.click(unset.getByRole('button', { name: 'Save deadline' }));
  expect(
    await screen.findByText('Pipelines check is due 19 Jan 2099, 18:00 (Lagos time, WAT).'),
  ).toBeInTheDocument();

  // The assignments' dates in this cohort are shown; their rule is set on the assignment.
  expect(
    screen.getByText('due 17 Jan 2099, 23:00 (Lagos time, WAT) · late submissions refused'),
  ).toBeInTheDocument();
  // Only a quiz with a deadline, or an assignment with a due date, can be extended.
  const extend = within(screen.getByRole('form', { name: 'Extend a deadline' }));
  expect(
    within(extend.getByLabelText('Quiz or assignment'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Containers check', 'Ship a pipeline']);
  await userEvent.click(extend.getByRole('button', { name: 'Extend deadline' }));
  expect(await extend.findByText('Choose a member.')).toBeInTheDocument();
  expect(extend.getByText('Choose the new deadline.')).toBeInTheDocument();
  await userEvent.selectOptions(extend.getByLabelText('Member'), 'Ada Obi');
  await userEvent.type(extend.getByLabelText('New deadline (Lagos time, WAT)'), '2099-01-20T12:00');
  await userEvent.click(extend.getByRole('button', { name: 'Extend deadline' }));
  expect(
    await screen.findByText('Ada Obi is now due 20 Jan 2099, 12:00 (Lagos time, WAT).'),
  ).toBeInTheDocument();
  // An assignment's date for one member.
  await userEvent.selectOptions(extend.getByLabelText('Quiz or assignment'), 'Ship a pipeline');
  await userEvent.click(extend.getByRole('button', { name: 'Extend deadline' }));
  await waitFor(() => expect(calls).toHaveLength(3));
  expect(calls.map((c) => c.body)).toEqual([
    { cohortId: 31, quizId: 82, days: 7, localTime: '18:00', refuseLate: true },
    { cohortId: 31, quizId: 81, studentId: 5, dueAt: '2099-01-20T11:00:00.000Z' },
    { cohortId: 31, assignmentId: 91, studentId: 5, dueAt: '2099-01-20T11:00:00.000Z' },
  ]);
});
