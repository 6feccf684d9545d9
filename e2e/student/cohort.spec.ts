import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, newStudent, newTutor, openAs, type Creds } from '../fixtures.ts';
import { checkOutFromPanel, createApprovedCourses, demoCourse } from './helpers.ts';

// Cohorts in a real Chromium (docs/cohorts.md): a tutor schedules a cohort with a live class (through the API), a
// student buys a seat on the course page, a locked section opens once the cohorts' clock passes its date (the
// sandbox's test call moves it), the student joins (the meeting link opens in a new tab), and the tutor's attendance
// sheet has them. Runs in the solo project: the clock it moves is the server's.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const lagosDay = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long' }).format(d);

/** Sets the server's cohort clock to `at` (null: the real clock), as an admin through the sandbox's test call. */
async function cohortClock(request: APIRequestContext, at: Date | null) {
  const res = await request.post('/sandbox-pay/test/cohort-clock', {
    data: { at: at?.toISOString() ?? null },
    headers: { apiKey: await adminToken(request) },
  });
  expect(res.ok(), `the cohort clock answered ${res.status()}`).toBeTruthy();
}

/** Joins from the session page and answers the meeting tab's URL (the meeting's host answered by the test). */
async function joinAndFollow(page: Page) {
  await page
    .context()
    .route('https://meet.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Meeting room</h1>' }),
    );
  await page
    .context()
    .route('https://meet.jit.si/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Meeting room</h1>' }),
    );
  const join = page.getByRole('button', { name: 'Join', exact: true });
  await expect(join).toBeEnabled();
  const popup = page.waitForEvent('popup');
  await join.click();
  const tab = await popup;
  await tab.waitForURL(/^https:\/\/meet\./);
  return tab.url();
}

test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ request }) => cohortClock(request, null));

test('the demo student sees the running cohort, joins its live class and finds next week locked with its date', async ({
  page,
  request,
}) => {
  const demo: Creds = {
    email: 'student@demo.devlearn.ng',
    password: 'DemoStudent123!',
    fullName: 'Tunde Bakare',
  };
  const login = await apiCall<{ token: string }>(request, '/login/customer', {
    userName: demo.email,
    password: demo.password,
  });
  const course = await demoCourse(request, 'Docker and CI/CD Pipelines');
  await openAs(page, 'user', { ...demo, token: login.token }, `/course/${course.id}`);
  const cohorts = page.getByRole('region', { name: 'Cohort' });
  // The running cohort is listed and can be chosen (the default is the next to start: e2e/tutor/cohort.spec.ts may
  // have scheduled another on this course).
  await cohorts.getByRole('radio', { name: /Live cohort/ }).check();
  await expect(cohorts.getByRole('radio', { name: /Live cohort/ })).toBeChecked();
  await expect(cohorts.getByText('Running', { exact: true })).toBeVisible();

  await page.goto('/user/week');
  const next = page.getByRole('heading', { name: 'Next live class' }).locator('..');
  await next.getByRole('link').click();
  await expect(page).toHaveURL(/\/live\/\d+$/);
  expect(await joinAndFollow(page)).toMatch(/^https:\/\/meet\.jit\.si\/devlearn-demo-/);

  await page.goto(`/view-course/${course.id}`);
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByText(/Opens \w{3} \d+ \w+ \d{4}, \d\d:\d\d WAT$/)).toBeVisible();
});

test('a student buys a seat, a locked section opens on its date, they join the live class, and the tutor sees them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tutor = await newTutor(request);
  const [course] = await createApprovedCourses(request, 1, tutor);
  const start = new Date(Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR);
  const opens = new Date(start.getTime() + DAY);
  const classAt = new Date(opens.getTime() + 2 * HOUR);

  // The tutor (through the API): cohorts only, a cohort, the second section opening a day in, a live class.
  await apiCall(request, '/cohort/offering', { courseId: course!.id, offering: 'cohorts' }, tutor.token);
  const { cohort } = await apiCall<{ cohort: { id: number } }>(
    request,
    '/cohort/save',
    {
      courseId: course!.id,
      name: 'E2E cohort',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 28 * DAY).toISOString(),
      capacity: 5,
    },
    tutor.token,
  );
  const outlineOf = await apiCall<{ coursesDto: { sectionDto: { id: number; title: string }[] } }>(
    request,
    `/course/singlecourse/${course!.id}`,
    undefined,
    tutor.token,
  );
  const second = outlineOf.coursesDto.sectionDto.find((s) => s.title === 'Going further')!;
  await apiCall(
    request,
    '/cohort/release/rule',
    { sectionId: second.id, rule: { kind: 'date', opensAt: opens.toISOString() } },
    tutor.token,
  );
  const { session } = await apiCall<{ session: { id: number } }>(
    request,
    '/live/session/save',
    {
      cohortId: cohort.id,
      title: 'Pipelines live',
      startsAt: classAt.toISOString(),
      durationMinutes: 60,
      provider: 'link',
      link: 'https://meet.example.com/e2e-class',
    },
    tutor.token,
  );

  // The student buys a seat on the course page: no self-paced purchase, the next cohort and its seats.
  const student = await newStudent(request);
  await openAs(page, 'user', student, `/course/${course!.id}`);
  await expect(page.getByText(`Next cohort starts ${lagosDay(start)} · 5 of 5 seats left`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a seat to cart' }).click();
  await expect(page.getByText('Item added to cart successfully!').last()).toBeVisible();
  await checkOutFromPanel(page, 1);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // A day in, an hour before the second section's date: locked with its date, its lesson does not play.
  await cohortClock(request, new Date(opens.getTime() - HOUR));
  await page.goto(`/view-course/${course!.id}`);
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByText(/Opens \w{3} \d+ \w+ \d{4}, \d\d:\d\d WAT$/)).toBeVisible();
  await expect(outline.getByRole('button', { name: /A real project/ })).toHaveCount(0);
  await page.goto('/user/week');
  await expect(page.getByText('Going further')).toBeVisible();

  // The clock passes the date: the section opens.
  await cohortClock(request, new Date(opens.getTime() + 60_000));
  await page.goto(`/view-course/${course!.id}`);
  await expect(outline.getByRole('button', { name: /A real project/ })).toBeVisible();
  await expect(outline.getByText(/Opens \w{3} /)).toHaveCount(0);

  // Ten minutes before the class: 'This week' leads to it, and Join opens the meeting link in a new tab.
  await cohortClock(request, new Date(classAt.getTime() - 10 * 60_000));
  await page.goto('/user/week');
  await page.getByRole('link', { name: 'Pipelines live' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/${session.id}$`));
  expect(await joinAndFollow(page)).toBe('https://meet.example.com/e2e-class');

  // The tutor's attendance sheet has the student, joined and present.
  const sheet = await apiCall<{
    attendance: { fullName: string; joinedAt: string | null; present: boolean }[];
  }>(request, '/live/attendance', { sessionId: session.id }, tutor.token);
  expect(sheet.attendance).toEqual([expect.objectContaining({ fullName: student.fullName, present: true })]);
  expect(sheet.attendance[0]!.joinedAt).not.toBeNull();
});
