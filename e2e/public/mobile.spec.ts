import { expect, test, type Page } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('at 375 px the menu toggle opens the mobile nav with Login and Signup for a guest', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Search courses' })).toBeVisible();
  await noSideScroll(page);

  await header.getByRole('button', { name: 'Menu', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Mobile menu' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Signup' })).toBeVisible();
  await nav.getByRole('link', { name: 'Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(nav).toBeHidden();
  await noSideScroll(page);
});

test('at 375 px a logged-in student has no Login or Signup in the mobile nav', async ({ page, request }) => {
  const student = await newStudent(request);
  await openAs(page, 'user', student, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Mobile menu' });
  await expect(nav.getByRole('link', { name: 'My Learning' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Signup' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
});
