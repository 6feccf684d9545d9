import { expect, test } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';
import {
  addToCartFromDetail,
  checkOutFromPanel,
  createApprovedCourses,
  newStudentAtCheckout,
  ownedCourseIds,
} from './helpers.ts';

test('a cancelled payment shows the error state, keeps the cart and enrols nothing', async ({
  page,
  request,
}) => {
  const { student, course } = await newStudentAtCheckout(page, request);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/checkout\?reference=/);
  await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toHaveCount(0);
  await expect(page.getByRole('alert').first()).not.toBeEmpty();

  await page.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL(/\/home\/cart$/);
  await expect(page.getByText(course.title)).toBeVisible();
  expect(await ownedCourseIds(request, student.token!)).toEqual([]);
});

test('a student who does not own a course sees its outline and a way to buy, not the video', async ({
  page,
  request,
}) => {
  const student = await newStudent(request);
  const [course] = await createApprovedCourses(request, 1);
  await openAs(page, 'user', student, `/view-course/${course!.id}`);

  await expect(page.getByRole('complementary', { name: 'Course content' })).toBeVisible();
  const buy = page.getByRole('link', { name: /Buy this course/ });
  await expect(buy).toHaveAttribute('href', `/course/${course!.id}`);
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download resource' })).toHaveCount(0);
});

test('a guest sees the outline and a way to buy, not the video', async ({ page, request }) => {
  const [course] = await createApprovedCourses(request, 1);
  await page.goto(`/view-course/${course!.id}`);
  await expect(page.getByRole('link', { name: /Buy this course/ })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the owner’s player fits the screen and works from the keyboard', async ({ page, request }) => {
    test.setTimeout(240_000);
    const student = await newStudent(request);
    const [course] = await createApprovedCourses(request, 1, null, { playable: true });
    await openAs(page, 'user', student, '/');
    await addToCartFromDetail(page, course!);
    await checkOutFromPanel(page, 1);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

    await page.goto(`/view-course/${course!.id}`);
    const video = page.locator('video');
    await expect(video).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      video: document.querySelector('video')!.getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(widths.video).toBeGreaterThan(300);

    // The outline's series are buttons: focus one and press Enter to play it.
    const outline = page.getByRole('complementary', { name: 'Course content' });
    const items = outline.getByRole('button');
    const count = await items.count();
    const last = items.nth(count - 1);
    await last.focus();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-current', 'true');
  });
});
