import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminToken, apiCall, newTutor } from '../fixtures.ts';
import { adminLogin, createPendingCourse, findInAdminTable, publicSearch, tutorCourse } from './helpers.ts';

const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

test('an admin finds a Pending course by search, views it and approves it: students then see it', async ({
  page,
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
  await expect(page.locator('.admin-view-status .status')).toHaveText('Approved');

  // Students see it: public search (no token) and the public course page.
  await expect.poll(() => publicSearch(request, title)).toContain(title);
  const detail = await apiCall<{ coursesDto: { title: string; status: string } }>(
    request,
    '/course/view/singlecourse',
    {
      courseId: course.id,
    },
  );
  expect(detail.coursesDto).toMatchObject({ title, status: 'Approved' });
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('rejecting a course takes it out of public view and the tutor sees it as Rejected', async ({
  page,
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
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();

  // Out of public view: search and the public course page no longer answer it.
  expect(await publicSearch(request, title)).not.toContain(title);
  const detail = await request.post('/dl/api/v1/course/view/singlecourse', { data: { courseId: course.id } });
  expect(detail.status()).toBe(404);

  // The tutor sees the decision.
  expect((await tutorCourse(request, tutor, title)).status).toBe('Rejected');
});
