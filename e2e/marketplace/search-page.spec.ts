import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { approvedCourse } from '../public/helpers.ts';

test('a search with filters and a sort, all in the URL; empty results say so and suggest the correction', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = `pangolin${randomUUID().slice(0, 5).replace(/\d/g, 'q')}`;
  const cheap = await approvedCourse(request, { title: `${word} basics`, nairaPrice: 3000 });
  const dear = await approvedCourse(request, {
    title: `${word} for operators`,
    nairaPrice: 40000,
    category: 'DevopsEngineer',
  });

  await test.step('Enter in the header search opens /search?q=…', async () => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search courses' });
    await box.fill(word);
    await expect(page.getByRole('option', { name: new RegExp(cheap.title) })).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('heading', { name: `Results for "${word}"` })).toBeVisible();
    await expect(page.locator('article.course-card')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: '2 courses' })).toBeVisible();
  });

  const filters = page.getByRole('form', { name: 'Filters' });
  await test.step('sort by price, high to low', async () => {
    await filters.getByLabel('Sort by').selectOption('priceDesc');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=priceDesc/);
    await expect(page.locator('article.course-card h3')).toHaveText([dear.title, cheap.title]);
  });

  await test.step('filter by category and price; the URL can be shared', async () => {
    await filters.getByLabel('Category').selectOption('DevopsEngineer');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/category=DevopsEngineer/);
    await expect(page.locator('article.course-card h3')).toHaveText([dear.title]);
    await page.reload();
    await expect(page.locator('article.course-card h3')).toHaveText([dear.title]);
    await expect(filters.getByLabel('Category')).toHaveValue('DevopsEngineer');

    await filters.getByLabel('Category').selectOption('');
    await filters.getByLabel('Max price (₦)').fill('5000');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/maxPrice=5000/);
    await expect(page.locator('article.course-card h3')).toHaveText([cheap.title]);
  });

  await test.step('nothing found says so and suggests the correction', async () => {
    const typo = word.slice(0, 3) + word.slice(4);
    await page.goto(`/search?q=${typo}&minRating=4`);
    await expect(page.getByText(`No courses found for "${typo}".`)).toBeVisible();
    await expect(page.getByRole('link', { name: word })).toBeVisible();
    await page.goto(`/search?q=${typo}`);
    await expect(page.getByText(`Showing results for "${word}".`)).toBeVisible();
    await expect(page.locator('article.course-card')).toHaveCount(2);
  });
});
