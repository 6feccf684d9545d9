import { expect, test } from '@playwright/test';
import { newTutor, openAs } from '../fixtures.ts';
import { adminLogin, createPendingCourse, findInAdminTable } from '../admin/helpers.ts';
import { uniqueTitle } from '../public/helpers.ts';

test('an admin rejects with a reason; the tutor sees it in the bell and on the edit screen, resubmits, and the admin approves', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tutor = await newTutor(request);
  const title = uniqueTitle('Fixed after review');
  const course = await createPendingCourse(request, tutor, title);
  const reason = 'The promo video has no sound; please re-upload it.';

  await test.step('the admin rejects with a reason (at least 10 characters)', async () => {
    await adminLogin(page);
    const row = await findInAdminTable(page, title);
    await row.getByRole('button', { name: `Update status of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update course status' });
    await dialog.getByRole('radio', { name: 'Rejected' }).check();
    await dialog.getByLabel('Reason for rejection').fill('No sound');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please give a reason of at least 10 characters.')).toBeVisible();
    await dialog.getByLabel('Reason for rejection').fill(reason);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  });

  const tutorPage = await (await browser.newContext()).newPage();
  await test.step('the tutor sees it in the bell, the review table and the edit screen, and resubmits', async () => {
    // On the site the header bell counts it; in the tutor area its menu's Notifications link does.
    await openAs(tutorPage, 'tutor', tutor, '/');
    await tutorPage.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await expect(tutorPage).toHaveURL(/\/tutor\/notifications$/);
    const menu = tutorPage.getByRole('navigation', { name: 'Tutor menu' });
    await expect(menu.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    const note = tutorPage.getByRole('link', { name: `Your course "${title}" was rejected: ${reason}` });
    await expect(note).toBeVisible();

    await tutorPage.goto('/tutor/courses-review');
    const row = tutorPage.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText(reason);

    // The tutor's course list offers Edit for a Rejected course too.
    await tutorPage.goto('/tutor/courses');
    await tutorPage.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(tutorPage).toHaveURL(new RegExp(`/tutor/edit-course/${course.id}$`));

    await tutorPage.goto('/tutor/notifications');
    await tutorPage.getByRole('link', { name: new RegExp(`Your course "${title}" was rejected`) }).click();
    await expect(tutorPage).toHaveURL(new RegExp(`/tutor/edit-course/${course.id}$`));
    await expect(tutorPage.getByRole('note', { name: 'Rejection reason' })).toContainText(
      `Reason: ${reason}`,
    );
    await expect(tutorPage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible(); // read now
    await tutorPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(tutorPage.getByText('Course updated successfully')).toBeVisible();
    await tutorPage.goto('/tutor/courses-review');
    await expect(tutorPage.getByRole('row').filter({ hasText: title })).toContainText('Pending');
  });

  await test.step('the admin sees the history and approves', async () => {
    await page.goto(`/admin/view-course/${course.id}`);
    const history = page.getByRole('region', { name: 'Review history' });
    await expect(history).toContainText(reason);
    await expect(history).toContainText('Resubmitted by the tutor');
    await page.getByRole('button', { name: 'Update status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update course status' });
    await dialog.getByRole('radio', { name: 'Approved' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(history.locator('li').last()).toContainText('Approved');
  });

  await test.step('the tutor is told', async () => {
    await tutorPage.goto('/tutor/notifications');
    await expect(
      tutorPage.getByRole('link', { name: `Your course "${title}" was approved and is now on sale.` }),
    ).toBeVisible();
    await tutorPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(tutorPage.getByText('All caught up.')).toBeVisible();
    await expect(tutorPage.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  });
});
