import { expect, test } from '@playwright/test';
import { newStudent, openAs, uniqueEmail } from '../fixtures.ts';
import { linkInMail } from '../mail.ts';
import { demoCourse } from './helpers.ts';

// Team seats on a 360 px phone (docs/payments.md, "Team seats"): a student buys 3 seats for their company, invites
// by CSV (a bad line is reported by its number), a member joins from the emailed link with a new account, and the
// team admin sees the member's progress.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('a team admin buys 3 seats, invites by CSV, a member joins from the email, and the admin sees their progress', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await newStudent(request);
  const course = await demoCourse(request, 'Kubernetes for Beginners');
  const member = { name: 'Ngozi Staff', email: uniqueEmail('staff') };

  await openAs(page, 'user', admin, '/');
  await page.goto(`/course/${course.id}`);
  await page.getByRole('button', { name: 'Buy for my team' }).click();
  await expect(page).toHaveURL(/\/home\/cart\?team=1/);
  await expect(page.getByLabel('Buy for my team')).toBeChecked();
  await page.getByLabel('Seats').fill('3');
  await page.getByLabel('Company name').fill('Acme Nigeria Ltd');
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3 seats for Acme Nigeria Ltd are paid')).toBeVisible();
  await page.getByRole('link', { name: 'Go to my team' }).click();
  await expect(page.getByRole('heading', { name: 'Acme Nigeria Ltd' })).toBeVisible();
  await expect(page.getByText('3 seats · 0 used · 3 free')).toBeVisible();

  // The CSV: a header, the member, and a bad line reported by its number.
  await page.getByLabel('CSV file').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,name\n${member.email},${member.name}\nnot-an-email,Bad Row\n`),
  });
  const result = page.getByRole('status').filter({ hasText: 'invited' });
  await expect(result).toContainText('1 person invited.');
  await expect(result).toContainText('Line 3: "not-an-email" is not a valid email address.');
  await expect(page.getByText(member.email)).toBeVisible();

  // The member's email: the join link, and who sees their progress.
  const joinLink = () => linkInMail(member.email, /(https?:\/\/\S+\/team\/join\?token=[A-Za-z0-9_-]+)/);
  await expect.poll(joinLink, { timeout: 60_000 }).toBeTruthy();
  const link = new URL(joinLink()!);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const memberPage = await phone.newPage();
  await memberPage.goto(`${link.pathname}${link.search}`);
  await expect(memberPage.getByText(course.title)).toBeVisible();
  await expect(memberPage.getByText(/progress .* visible to the team's admin/)).toBeVisible();
  await expect(memberPage.getByLabel('Email')).toHaveValue(member.email);
  await memberPage.getByLabel('Phone number').fill('08031234568');
  await memberPage.getByLabel('Password', { exact: true }).fill('Member123!');
  await memberPage.getByLabel('Confirm password').fill('Member123!');
  await memberPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(memberPage.getByRole('status')).toContainText("You joined Acme Nigeria Ltd's team");
  await memberPage.getByRole('link', { name: 'Start learning' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/view-course/${course.id}`));
  await expect(memberPage.locator('main video')).toBeVisible();
  await phone.close();

  // The team admin sees the member joined, their seat and their progress.
  await page.reload();
  await expect(page.getByText('3 seats · 1 used · 2 free')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Joined');
  await expect(row).toContainText(`${course.title}: 0% watched`);
});
