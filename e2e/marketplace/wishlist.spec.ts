import { expect, test } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';
import { approvedCourse, uniqueTitle } from '../public/helpers.ts';
import { checkOutFromPanel } from '../student/helpers.ts';

test('a guest is asked to log in; a student wishlists a course, then buys it from the wishlist', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Wishlisted course');
  const course = await approvedCourse(request, { title, nairaPrice: 9000 });

  await test.step('a guest pressing the heart sees You need to login and goes to /login', async () => {
    await page.goto(`/course/${course.id}`);
    await page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
    await expect(page.getByText('You need to login')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2F.+$/, { timeout: 5_000 });
  });

  const student = await newStudent(request);
  await test.step('the student adds it from the course page', async () => {
    await openAs(page, 'user', student, `/course/${course.id}`);
    await page.getByRole('button', { name: `Add ${title} to wishlist` }).click();
    await expect(page.getByText('Added to your wishlist')).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${title} from wishlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  await test.step('and buys it from /wishlist', async () => {
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Wishlist', level: 1 })).toBeVisible();
    await expect(page.locator('article.course-card', { hasText: title })).toContainText('₦9,000');
    await page.getByRole('button', { name: `Add ${title} to cart` }).click();
    await expect(page.getByText('Item added to cart successfully!')).toBeVisible();
    await checkOutFromPanel(page, 1);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });

  await test.step('the receipt is in the bell', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await expect(page).toHaveURL(/\/home\/notifications$/);
    await expect(
      page.getByRole('link', { name: `Your purchase is confirmed: "${title}". Happy learning!` }),
    ).toHaveAttribute('href', `/view-course/${course.id}`);
  });
});
