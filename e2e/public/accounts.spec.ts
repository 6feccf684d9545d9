import { expect, test } from '@playwright/test';
import { ADMIN, newTutor, uniqueEmail } from '../fixtures.ts';

test('a student signs up, logs in and logs out through the screens', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' })).toBeVisible();

  await page.getByLabel('Full name').fill('Amaka Eze');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Password', { exact: true }).fill('Student123!');
  await page.getByLabel('Confirm password').fill('Student124!');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Student123!');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Signup successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  // The URL changes first; the signup form (which has an Email field too) stays until the login screen's code is in.
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('Student123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('user');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await header.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a tutor logs in at /tutor-login and lands on /tutor', async ({ page, request }) => {
  const tutor = await newTutor(request);
  await page.goto('/tutor-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();
  await page.getByLabel('Email').fill(tutor.email);
  await page.getByLabel('Password').fill(tutor.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/tutor$/, { timeout: 4000 });
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('tutor');
});

test('the admin logs in at /admin-login and lands on /admin', async ({ page }) => {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
});
