import { expect, test } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';
import { approvedCourse, uniqueTitle } from '../public/helpers.ts';
import { addToCartFromDetail, checkOutFromPanel } from '../student/helpers.ts';

test('a student buys a course, rates and reviews it, and its card shows the new average', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Rated marketplace course');
  const course = await approvedCourse(request, { title });
  const student = await newStudent(request);
  await openAs(page, 'user', student, `/course/${course.id}`);

  await test.step('a new course says New', async () => {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('.course-detail-text').getByText('New')).toBeVisible();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Rate this course' })).toBeHidden();
  });

  await test.step('buy it on the sandbox page', async () => {
    await addToCartFromDetail(page, course);
    await checkOutFromPanel(page, 1);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  });

  await test.step('rate 4 stars with a comment', async () => {
    await page.goto(`/course/${course.id}`);
    const form = page.getByRole('form', { name: 'Rate this course' });
    await form.getByTitle('4 stars').click();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Comment (optional)').fill('Clear lessons and a real project.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Thank you for your review')).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    // The student's own review shows above the form's place, and in the list under their name.
    await expect(reviews.getByText('Your review')).toBeVisible();
    await expect(reviews.getByRole('listitem').filter({ hasText: student.fullName })).toContainText(
      'Clear lessons and a real project.',
    );
    await expect(reviews.getByRole('list', { name: 'Ratings by stars' })).toContainText('4 ★1');
    await expect(page.locator('.course-detail-text')).toContainText('★ 4.0 (1)');
  });

  await test.step('the card shows the new average', async () => {
    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    const card = page.locator('article.course-card', { hasText: title });
    await expect(card).toContainText('★ 4.0 (1)');
    await expect(card).toContainText('1 student');
  });
});
