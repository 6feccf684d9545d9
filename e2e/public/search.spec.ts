import { expect, test } from '@playwright/test';
import { approvedCourse, uniqueTitle } from './helpers.ts';

test('the header search drops down results from 3 characters and opens the course', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Zebracrossing testing');
  const course = await approvedCourse(request, { title, category: 'SoftwareTester' });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search courses' });
  await expect(box).toHaveAttribute('placeholder', 'Search courses here...');

  await box.fill('Ze');
  await page.waitForTimeout(500);
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
  await expect(page.getByText('No course found')).toBeHidden();

  await box.fill(title);
  const option = page.getByRole('option', { name: new RegExp(title) });
  await expect(option).toBeVisible();
  await expect(option.locator('strong')).toHaveText(title);
  await expect(option).toContainText(course.author);

  await page.getByRole('heading', { name: 'Courses', exact: true }).click();
  await expect(option).toBeHidden();

  await box.focus();
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  await box.fill('qqqxxyyzz no such course');
  await expect(page.getByText('No course found')).toBeVisible();
  await box.fill(title);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
});
