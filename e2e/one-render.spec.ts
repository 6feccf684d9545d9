import { expect, test } from '@playwright/test';
import { collectErrors, openHydrated } from './hydration.ts';
import { apiCall, newStudent, openAs } from './fixtures.ts';
import { approvedCourse, uniqueTitle } from './public/helpers.ts';

// The public pages are rendered once, by React on the server, and hydrated in the browser (issue 45).

type Card = { id: number; title: string; author: string; nairaPrice: number; ratingCount: number };

test('every public page hydrates without an error, for a guest and for a signed-in student', async ({
  page,
  request,
}) => {
  const course = await approvedCourse(request, { title: uniqueTitle('One render') });
  const pages = [
    '/',
    '/category/BackendEngineer',
    `/course/${course.id}`,
    `/search?q=${encodeURIComponent(course.title)}`,
    '/certificate/ABCDEFGHJK',
    '/teaching',
    '/course/999999999',
    '/no-such-page',
  ];
  const errors = collectErrors(page);
  for (const path of pages) {
    await openHydrated(page, path);
    expect(errors, `guest on ${path}`).toEqual([]);
  }
  const student = await newStudent(request);
  await openAs(page, 'user', student, '/');
  for (const path of pages) {
    await openHydrated(page, path);
    expect(errors, `student on ${path}`).toEqual([]);
  }
  // The signed-in header came after hydration, in the same place.
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
});

test('a tap on Add to cart before the app has started is not lost', async ({ page, request }) => {
  const course = await approvedCourse(request, { title: uniqueTitle('Early tap') });
  const student = await newStudent(request);
  await openAs(page, 'user', student, '/terms-and-policy');
  // The app's code arrives late, as on a slow phone: the server's page is on screen before it.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/course/${course.id}`, { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeVisible();
  // Not React's yet: the tap lands on the server's HTML.
  expect(await add.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))).toBe(false);
  await add.click();
  await expect(page.getByText('Item added to cart successfully!').last()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('without JavaScript the course page reads whole: title, tutor, price, outline and reviews', async ({
  browser,
  request,
}) => {
  const { coursesDtos } = await apiCall<{ coursesDtos: Card[] }>(
    request,
    '/course/all/view/student/courses',
    {
      pageNo: 0,
      pageSize: 50,
    },
  );
  const course = coursesDtos.find((c) => c.ratingCount > 0);
  expect(course, 'a demo course with reviews').toBeTruthy();
  const { reviews } = await apiCall<{ reviews: { fullName: string }[] }>(request, '/review/list', {
    courseId: course!.id,
    pageNo: 0,
    pageSize: 5,
  });
  const full = await apiCall<{ coursesDto: { sectionDto: { title: string }[] } }>(
    request,
    '/course/view/singlecourse',
    { courseId: course!.id },
  );

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/course/${course!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
  await expect(page.getByText(`By ${course!.author}`)).toBeVisible();
  await expect(page.locator('.course-detail-price')).toContainText(
    `₦${course!.nairaPrice.toLocaleString('en-NG')}`,
  );
  await expect(page.getByRole('heading', { name: 'Course content' })).toBeVisible();
  await expect(page.getByText(full.coursesDto.sectionDto[0]!.title).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText(reviews[0]!.fullName).first()).toBeVisible();
  // Links work without the app.
  await page.getByRole('link', { name: 'DevLearn' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  await context.close();
});
