import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCohortDto, TCohortListResponse } from '@app/contract/cohorts';
import { cart } from '@/lib/cart.ts';
import { cohortDto } from '@/test/cohort-dto.ts';
import { courseDto, NO_REVIEWS } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import CourseDetailPage from './CourseDetailPage.tsx';

const okDto = { code: 'dk00', message: 'ok' };
const course = courseDto({
  id: 7,
  title: 'Docker and CI/CD',
  nairaPrice: 20000,
  status: 'Approved',
  canWatch: false,
});

const cohort = cohortDto;

const listOf = (offering: TCohortListResponse['offering'], cohorts: TCohortDto[]): TCohortListResponse => ({
  responseDto: okDto,
  offering,
  cohorts,
  schedules: cohorts.map((c) => ({
    cohortId: c.id,
    sections: [
      { sectionId: 1, title: 'Week 1: images', kind: 'start', days: 0, opensAt: c.startsAt },
      {
        sectionId: 2,
        title: 'Week 2: pipelines',
        kind: 'cohort_day',
        days: 7,
        opensAt: '2027-01-19T08:00:00.000Z',
      },
      { sectionId: 3, title: 'Week 3: deploys', kind: 'after_previous', days: 0, opensAt: null },
    ],
    sessions: [{ id: 5, title: 'Kick-off', startsAt: '2027-01-12T17:00:00.000Z', durationMinutes: 90 }],
  })),
});

/** The page's calls: the course, its reviews, its cohorts, a checkout's refusal or the waitlist. */
function api(list: TCohortListResponse, more: Record<string, { status?: number; body: unknown }> = {}) {
  return mockApi((path) => {
    if (more[path]) return more[path];
    if (path === '/cohort/list') return { body: list };
    if (path === '/review/list') return { body: NO_REVIEWS };
    if (path === '/wishlist/list') return { body: { responseDto: okDto, coursesDtos: [] } };
    return { body: { responseDto: okDto, coursesDto: course } };
  });
}
const open = () => renderWithApp(<CourseDetailPage />, { path: '/course/7', route: '/course/:id' });

freshEachTest({ cart: true });

describe('the course page: cohorts (issue 46)', () => {
  it("shows 'Next cohort starts 12 January · 18 of 30 seats left' and the cohort's schedule in Lagos time", async () => {
    api(listOf('both', [cohort()]));
    open();
    expect(
      await screen.findByText('Next cohort starts 12 January · 18 of 30 seats left'),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Cohort' });
    expect(within(section).getByRole('radio', { name: /January cohort/ })).toBeChecked();
    expect(section).toHaveTextContent('Tue 12 January 2027, 09:00 WAT to Tue 30 March 2027, 18:00 WAT');
    expect(section).toHaveTextContent('Week 1: images Open from the start');
    expect(section).toHaveTextContent('Week 2: pipelines Opens Tue 19 January 2027, 09:00 WAT');
    expect(section).toHaveTextContent('Week 3: deploys Opens when you complete the previous section');
    expect(section).toHaveTextContent('Kick-off Tue 12 January 2027, 18:00 to 19:30 WAT');
    // Sold both ways: the self-paced purchase stays.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('a student chooses a cohort and adds a seat at its own price; the checkout will send its cohortId', async () => {
    storeSession('user');
    api(
      listOf('both', [
        cohort(),
        cohort({ id: 4, name: 'March cohort', startsAt: '2027-03-02T08:00:00.000Z', nairaPrice: 15000 }),
      ]),
    );
    open();
    const section = await screen.findByRole('region', { name: 'Cohorts' });
    await userEvent.click(within(section).getByRole('radio', { name: /March cohort/ }));
    expect(section).toHaveTextContent('Schedule of March cohort');
    await userEvent.click(screen.getByRole('button', { name: 'Add a seat to cart' }));
    expect(await screen.findByText('Item added to cart successfully!')).toBeInTheDocument();
    expect(cart.items()).toEqual([
      {
        id: 7,
        name: 'Docker and CI/CD · March cohort',
        price: 15000,
        cohortId: 4,
        cohortName: 'March cohort',
      },
    ]);
  });

  it('a course sold in cohorts only has no self-paced buy button', async () => {
    storeSession('user');
    api(listOf('cohorts', [cohort()]));
    open();
    expect(await screen.findByRole('button', { name: 'Add a seat to cart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a cohort' })).toHaveAttribute('href', '#cohorts');
  });

  it("a full cohort offers 'Join the waitlist' and shows the answer", async () => {
    storeSession('user');
    const spy = api(listOf('cohorts', [cohort({ seatsTaken: 30, seatsLeft: 0 })]), {
      '/cohort/waitlist/join': {
        body: {
          responseDto: {
            code: 'dk00',
            message: 'You are on the waitlist. We will tell you when a seat is free.',
          },
          waitlist: 'waiting',
        },
      },
    });
    open();
    const section = await screen.findByRole('region', { name: 'Cohort' });
    expect(section).toHaveTextContent('This cohort is full.');
    expect(screen.queryByRole('button', { name: 'Add a seat to cart' })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Join the waitlist' }));
    expect(
      await screen.findByText('You are on the waitlist. We will tell you when a seat is free.'),
    ).toBeInTheDocument();
    const call = spy.mock.calls.find(([url]) => String(url).endsWith('/cohort/waitlist/join'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ cohortId: 3 });
  });

  it('an owned course shows its cohorts without buying, and its live classes link to their pages', async () => {
    storeSession('user');
    mockApi((path) =>
      path === '/cohort/list'
        ? { body: listOf('both', [cohort({ status: 'running' })]) }
        : path === '/review/list'
          ? { body: NO_REVIEWS }
          : { body: { responseDto: okDto, coursesDto: { ...course, owned: true, canWatch: true } } },
    );
    open();
    const section = await screen.findByRole('region', { name: 'Cohort' });
    expect(within(section).getByRole('link', { name: 'Kick-off' })).toHaveAttribute('href', '/live/5');
    expect(screen.queryByRole('button', { name: 'Add a seat to cart' })).not.toBeInTheDocument();
    // Running, not next: no 'Next cohort' line.
    expect(screen.queryByText(/Next cohort starts/)).not.toBeInTheDocument();
  });
});
