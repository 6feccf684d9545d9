import { expect, test, type Page } from '@playwright/test';
import { newStudent } from '../fixtures.ts';
import { createApprovedCourses, newStudentAtCheckout, ownedCourseIds } from './helpers.ts';

// The student browses the server by its IP address, as on a phone reaching a machine on the LAN.
const onIp = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3210');
onIp.hostname = '127.0.0.1';
const ORIGIN = onIp.origin;

test.use({ baseURL: ORIGIN, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

test('a payment returned on 127.0.0.1 lands signed in and successful; the course then offers Go to course', async ({
  page,
  request,
}) => {
  const { student, course } = await newStudentAtCheckout(page, request);
  // The payment page and its return are on the address the student used.
  expect(new URL(page.url()).origin).toBe(ORIGIN);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/checkout\\?reference=DL-`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/log in again/i)).toHaveCount(0);
  expect(await ownedCourseIds(request, student.token!)).toEqual([course.id]);

  await page.goto(`/course/${course.id}`);
  const go = page.getByRole('link', { name: 'Go to course' });
  await expect(go).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  expect(await fitsThePhone(page)).toBe(true);
  await go.click();
  await expect(page).toHaveURL(new RegExp(`/view-course/${course.id}`));
});

test('a return that lost the sign-in says the payment was received, and the login finishes it', async ({
  page,
  request,
}) => {
  const { student } = await newStudentAtCheckout(page, request);
  // The sign-in is lost while paying (an expired session, a cleared browser).
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page.getByText('Payment received. Log in to start learning.')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout%3Freference%3DDL-/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/checkout\?reference=DL-/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test("a guest's add to cart offers Log in, and the login returns to the course", async ({
  page,
  request,
}) => {
  const student = await newStudent(request);
  const [course] = await createApprovedCourses(request, 1);
  await page.goto(`/course/${course!.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('You need to login')).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcourse%2F${course!.id}$`));
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course!.id}$`));
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
});
