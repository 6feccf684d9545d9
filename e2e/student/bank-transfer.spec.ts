import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, newStudent, openAs } from '../fixtures.ts';
import { addToCartFromDetail, createApprovedCourses, ownedCourseIds } from './helpers.ts';

test('a student pays by bank transfer, waits on the return page, gets a receipt and a refund', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await newStudent(request);
  const [course] = await createApprovedCourses(request, 1);
  await openAs(page, 'user', student, '/');
  await addToCartFromDetail(page, course!);

  // The cart offers the channels (Card first chosen) and states the refund rule before purchase.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  const channels = panel.getByRole('group', { name: 'How will you pay?' });
  await expect(channels.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(panel.getByText(/^Refunds within \d+ days of payment/)).toBeVisible();
  await channels.getByRole('radio', { name: /^Bank transfer/ }).check();
  await panel.getByRole('button', { name: 'Check out' }).click();

  // The sandbox's transfer page: a one-off account and "I've sent the money".
  await page.getByRole('button', { name: "I've sent the money" }).click();
  await expect(page).toHaveURL(/\/checkout\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
  // A mark in the page's window survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  expect(await ownedCourseIds(request, student.token!)).toEqual([course!.id]);

  // The receipt is a PDF.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The order page: ask for a refund of the course.
  await page.getByRole('link', { name: 'See this order' }).click();
  await expect(page).toHaveURL(`/home/orders/${reference}`);
  await expect(page.getByText(/^Refunds within \d+ days of payment/)).toBeVisible();
  await page.getByRole('button', { name: `Ask for a refund of ${course!.title}` }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please tell us why you want a refund.')).toBeVisible();
  await page.getByLabel('Why do you want a refund?').fill('The course is not what I expected.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Waiting for review')).toBeVisible();

  // An admin approves it on the refunds screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const token = await adminToken(request);
  await openAs(admin, 'admin', { ...ADMIN, fullName: 'Admin', token }, '/admin/refunds');
  await admin
    .getByRole('button', { name: `Approve refund of ${course!.title} for ${student.fullName}` })
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Approve refund' });
  await dialog.getByLabel('Note for the student (optional)').fill('Approved, sorry it did not suit you.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Refund approved. The money is on its way to the student.')).toBeVisible();
  await adminContext.close();

  // The student's order turns to refunded when the provider's refund.processed arrives.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Refunded', { exact: true })).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Approved, sorry it did not suit you.', { exact: false })).toBeVisible();
  expect(await ownedCourseIds(request, student.token!)).toEqual([]);

  // The order page fits a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
