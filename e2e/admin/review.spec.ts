import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiCall, newTutor, openAs } from '../fixtures.ts';
import { adminLogin, createPendingCourse, findInAdminTable, publicSearch, tutorCourse } from './helpers.ts';

const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/** Types in the header's search box as a guest and answers the dropdown's options. */
async function headerSearch(page: Page, term: string) {
  await page.goto('/');
  await page.getByPlaceholder('Search courses here...').first().fill(term);
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(page.getByText('Loading...')).toBeHidden();
  return results.getByRole('option');
}

test('an admin finds a Pending course by search, views it and approves it: students then see it', async ({
  page,
  browser,
  request,
}) => {
  const tutor = await newTutor(request);
  const title = uniqueTitle('Review Approve');
  const course = await createPendingCourse(request, tutor, title);
  expect(course.status).toBe('Pending');
  expect(await publicSearch(request, title)).not.toContain(title);

  await adminLogin(page);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  const row = await findInAdminTable(page, title);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText('₦7,500')).toBeVisible();

  await row.getByRole('link', { name: `View ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/view-course/${course.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Section 1: Getting started' })).toBeVisible();
  // The series video plays from its signed link: the browser reads the file's metadata.
  const video = page.getByLabel('Welcome video: video');
  await expect(video).toHaveAttribute('controls', '');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Update status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update course status' });
  await dialog.getByRole('radio', { name: 'Approved' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Course approved')).toBeVisible();
  await expect(page.locator('.admin-view-status .status')).toHaveText('Approved');

  // A guest finds it in the header search and opens its page.
  expect(await publicSearch(request, title)).toContain(title);
  const guest = await browser.newPage();
  const options = await headerSearch(guest, title);
  await expect(options).toHaveCount(1);
  await options.first().click();
  await expect(guest).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(guest.getByRole('heading', { name: title })).toBeVisible();
  await guest.close();
});

test('rejecting a course takes it out of public view and the tutor sees it as Rejected', async ({
  page,
  browser,
  request,
}) => {
  const tutor = await newTutor(request);
  const title = uniqueTitle('Review Reject');
  const course = await createPendingCourse(request, tutor, title);
  // Approved first, so the rejection visibly takes it away from students.
  await apiCall(request, '/course/process', { status: 'Approved', id: course.id }, await adminToken(request));
  expect(await publicSearch(request, title)).toContain(title);

  await adminLogin(page);
  const row = await findInAdminTable(page, title);
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Update status of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update course status' });
  await dialog.getByRole('radio', { name: 'Rejected' }).check();
  // Our dialog asks why (at least 10 characters); the tutor is told the reason.
  await dialog.getByLabel('Reason for rejection').fill('Section one has no audio track.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();

  // Out of public view: search finds nothing and the course page is gone.
  expect(await publicSearch(request, title)).not.toContain(title);
  const guest = await browser.newPage();
  await expect(await headerSearch(guest, title)).toHaveCount(0);
  await expect(guest.getByText('No course found')).toBeVisible();
  await guest.goto(`/course/${course.id}`);
  await expect(guest.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await guest.close();

  // The tutor sees the decision, in the API and on the courses review screen.
  expect((await tutorCourse(request, tutor, title)).status).toBe('Rejected');
  const tutorPage = await browser.newPage();
  await openAs(tutorPage, 'tutor', tutor, '/tutor/courses-review');
  const tutorRow = tutorPage.getByRole('row').filter({ hasText: title });
  await expect(tutorRow.getByText('Rejected', { exact: true })).toBeVisible();
  await tutorPage.close();
});
