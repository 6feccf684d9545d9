import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TCohortWeekResponse } from '@app/contract/cohorts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import WeekPage from './WeekPage.tsx';

const okDto = { code: 'dk00', message: 'ok' };
const week: TCohortWeekResponse = {
  responseDto: okDto,
  opening: [
    {
      courseId: 7,
      courseTitle: 'Docker and CI/CD',
      sectionId: 2,
      sectionTitle: 'Week 2: pipelines',
      opensAt: '2027-01-19T08:00:00.000Z',
    },
  ],
  due: [
    { courseId: 7, quizId: 4, title: 'Week 1 check', dueAt: '2027-01-16T22:59:00.000Z', late: false },
    { courseId: 7, quizId: 3, title: 'Setup check', dueAt: '2027-01-10T22:59:00.000Z', late: true },
    {
      courseId: 7,
      assignmentId: 12,
      title: 'Ship a pipeline',
      dueAt: '2027-01-09T22:00:00.000Z',
      late: true,
      refuseLate: true,
    },
  ],
  nextSession: {
    id: 5,
    cohortId: 3,
    title: 'Kick-off',
    startsAt: '2027-01-12T17:00:00.000Z',
    durationMinutes: 90,
    provider: 'link',
    joinOpensAt: '2027-01-12T16:45:00.000Z',
    joinClosesAt: '2027-01-12T18:30:00.000Z',
    recording: null,
    cohortName: 'January cohort',
    courseTitle: 'Docker and CI/CD',
  },
};
const open = () => renderWithApp(<WeekPage />, { path: '/user/week' });

freshEachTest({ session: 'user' });

describe("'This week'", () => {
  it('shows what opens, what is due (late marked) and the next live class, in Lagos time', async () => {
    const spy = mockApi(() => ({ body: week }));
    open();
    const next = (await screen.findByRole('heading', { name: 'Next live class' })).parentElement!;
    expect(within(next).getByRole('link', { name: 'Kick-off' })).toHaveAttribute('href', '/live/5');
    expect(next).toHaveTextContent('Docker and CI/CD · January cohort');
    expect(next).toHaveTextContent('Tue 12 January 2027, 18:00 to 19:30 WAT');
    expect(String(spy.mock.calls[0]?.[0])).toBe('/dl/api/v1/cohort/week');

    const opens = screen.getByRole('heading', { name: 'What opens' }).parentElement!;
    expect(opens).toHaveTextContent('Week 2: pipelines');
    expect(opens).toHaveTextContent('Opens Tue 19 January 2027, 09:00 WAT');
    expect(within(opens).getByRole('link', { name: 'Docker and CI/CD' })).toHaveAttribute(
      'href',
      '/view-course/7',
    );

    const due = screen.getByRole('heading', { name: 'What is due' }).parentElement!;
    const [onTime, late, assignment] = within(due).getAllByRole('listitem');
    expect(onTime).toHaveTextContent('Week 1 checkDue Sat 16 January 2027, 23:59 WAT');
    expect(within(onTime!).queryByText('Late')).not.toBeInTheDocument();
    expect(within(onTime!).getByRole('link', { name: 'Week 1 check' })).toHaveAttribute(
      'href',
      '/view-course/7/quiz/4',
    );
    expect(within(late!).getByText('Late')).toBeInTheDocument();
    expect(late).toHaveTextContent('Was due Sun 10 January 2027, 23:59 WAT');
    expect(late).toHaveTextContent('An attempt now is accepted and marked late.');
    // An assignment opens its own page, and says when late work is refused.
    expect(within(assignment!).getByRole('link', { name: 'Ship a pipeline' })).toHaveAttribute(
      'href',
      '/home/assignment/12',
    );
    expect(assignment).toHaveTextContent('Was due Sat 9 January 2027, 23:00 WAT');
    expect(assignment).toHaveTextContent('Late submissions are not accepted.');
    expect(
      screen.queryByRole('heading', { name: 'Recordings of your live classes' }),
    ).not.toBeInTheDocument();
  });

  it('lists the recordings of past live classes, each opening in a new tab', async () => {
    mockApi(() => ({
      body: {
        ...week,
        recordings: [
          {
            sessionId: 4,
            courseId: 7,
            courseTitle: 'Docker and CI/CD',
            cohortName: 'January cohort',
            title: 'Orientation',
            startsAt: '2027-01-05T17:00:00.000Z',
            url: 'https://videos.example.com/orientation',
          },
        ],
      },
    }));
    open();
    const block = (await screen.findByRole('heading', { name: 'Recordings of your live classes' }))
      .parentElement!;
    const link = within(block).getByRole('link', { name: 'Orientation' });
    expect(link).toHaveAttribute('href', 'https://videos.example.com/orientation');
    expect(link).toHaveAttribute('target', '_blank');
    expect(block).toHaveTextContent('Docker and CI/CD · January cohort');
    expect(block).toHaveTextContent('Held Tue 5 January 2027, 18:00 WAT');
  });

  it('says when the week is empty', async () => {
    mockApi(() => ({ body: { responseDto: okDto, opening: [], due: [], nextSession: null } }));
    open();
    expect(
      await screen.findByText('Nothing opens or is due in the next 7 days, and no live class is coming.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add them to your calendar' })).toHaveAttribute(
      'href',
      '/user/calendar',
    );
  });
});
