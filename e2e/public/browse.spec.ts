import { expect, test } from '@playwright/test';
import { approvedCourse, uniqueTitle } from './helpers.ts';

test('a guest browses home → category → course, and adding to the cart asks for a login', async ({
  page,
  request,
}) => {
  const course = await approvedCourse(request, {
    title: uniqueTitle('Product discovery'),
    category: 'ProductOwner',
    nairaPrice: 18500,
  });

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Highlights' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Become an instructor' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('The best online learning platform');
  await expect(footer).toContainText('© 2024');

  // The featured categories section (demo courses elsewhere on the page have similar names).
  await page
    .getByRole('region', { name: 'Featured categories' })
    .getByRole('link', { name: /Product Owner/ })
    .click();
  await expect(page).toHaveURL(/\/category\/ProductOwner$/);
  await expect(page.getByRole('heading', { name: 'Product Owner', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: course.title });
  await expect(card).toContainText('₦18,500');
  // The card shows the real rating; a course without reviews says New.
  await expect(card).toContainText('New');
  await expect(card).toContainText(course.author);
  await expect(card.getByRole('img', { name: course.title })).toBeVisible();

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible();
  await expect(page.getByText('₦18,500')).toBeVisible();
  await expect(page.getByText('Getting started')).toBeVisible();
  await expect(page.getByText('Welcome and setup')).toBeVisible();

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('You need to login')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fcourse%2F\d+$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
});

test('an empty category says so', async ({ page }) => {
  await page.goto('/category/NoSuchCategory');
  await expect(page.getByText('No courses available under this category at the moment.')).toBeVisible();
});

test('/categories lists the six featured categories and /teaching leads to the tutor screens', async ({
  page,
}) => {
  await page.goto('/categories');
  for (const name of [
    'Software Tester',
    'Backend Engineer',
    'DevOps Engineer',
    'Product Owner',
    'Frontend Engineer',
    'Mobile Engineer',
  ])
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Become a Instructor' }).click();
  await expect(page).toHaveURL(/\/teaching$/);
  await page.getByRole('link', { name: 'Sign up as a tutor' }).click();
  await expect(page).toHaveURL(/\/tutor-signup$/);
  await expect(page.getByLabel('Category')).toBeVisible();
});
