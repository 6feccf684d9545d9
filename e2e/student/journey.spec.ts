import { expect, test } from '@playwright/test';
import { apiCall, uniqueEmail } from '../fixtures.ts';
import { addToCartFromDetail, checkOutFromPanel, ownedCourseIds, createApprovedCourses } from './helpers.ts';

// One student's whole journey through the UI: sign up, log in, buy two courses, watch, manage the profile.
test('a student signs up, buys two courses, watches one and changes the password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const password = 'Journey123!';
  const newPassword = 'Journey456!';
  const courses = await createApprovedCourses(request, 2, null, { playable: true });

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ngozi Eze');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('08051234567');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Signup' }).click();
    await expect(page.getByText('Signup successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The URL changes first; the signup form (which has an Email field too) stays until the login screen's code is in.
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  await test.step('log in', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('add two courses and pay on the sandbox page', async () => {
    for (const course of courses) await addToCartFromDetail(page, course);
    await checkOutFromPanel(page, 2);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/checkout\?reference=/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    // The success screen waits 5 s before going to my courses.
    await expect(page).toHaveURL(/\/home\/my-courses$/, { timeout: 10_000 });
    for (const course of courses)
      await expect(page.getByRole('link', { name: new RegExp(course.title) })).toBeVisible();
  });

  await test.step('play a video and seek', async () => {
    await page.getByRole('link', { name: new RegExp(courses[0]!.title) }).click();
    await expect(page).toHaveURL(new RegExp(`/view-course/${courses[0]!.id}`));
    const video = page.locator('video');
    await expect(video).toHaveAttribute('src', /.+/);
    await video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play() : undefined));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);

    // Seek forward while it plays (the demo lessons last 5 s) and check playback goes on from there.
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(3);
    const target = duration - 1.5;
    await video.evaluate(
      (v: HTMLVideoElement, to: number) =>
        new Promise<void>((resolve) => {
          v.addEventListener('seeked', () => resolve(), { once: true });
          v.currentTime = to;
        }),
      target,
    );
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(target - 0.1);
    // The server answers Range requests, so playback continues from the new position.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(target + 0.3);

    // The first series carries a resource file; Next moves to the following series.
    await expect(page.getByRole('link', { name: 'Download resource' })).toHaveAttribute('href', /.+/);
    const firstSrc = await video.getAttribute('src');
    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Setting up' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Setting up \d/ })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('video')).not.toHaveAttribute('src', firstSrc ?? '');
    await expect(page.getByRole('link', { name: 'Download resource' })).toHaveCount(0);
    // The next lesson starts by itself (over HLS once hls.js has its first segment).
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  await test.step('edit the profile', async () => {
    await page.goto('/edit-profile');
    const name = page.getByLabel('Full name');
    await expect(name).toHaveValue('Ngozi Eze');
    await name.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Please fill in all fields.')).toBeVisible();
    await name.fill('Ngozi Adaeze Eze');
    await page.getByLabel('Phone number').fill('08059876543');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Ngozi Adaeze Eze');
    await expect(page.getByLabel('Phone number')).toHaveValue('08059876543');
  });

  await test.step('change the password', async () => {
    await page.goto('/change-password');
    await page.getByLabel('Old password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('Mismatch999!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    // The fresh token keeps this browser logged in.
    await page.goto('/home/my-courses');
    await expect(page.getByRole('link', { name: new RegExp(courses[1]!.title) })).toBeVisible();
  });

  await test.step('log out and log in with the new password', async () => {
    // Logging out from a protected screen lands on / (not on a login page).
    await page.goto('/home/my-courses');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  const login = await apiCall<{ token: string }>(request, '/login/customer', {
    userName: email,
    password: newPassword,
  });
  expect((await ownedCourseIds(request, login.token)).sort()).toEqual(courses.map((c) => c.id).sort());
});
