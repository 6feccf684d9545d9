import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newStudent, openAs, uniqueEmail, type Creds } from '../fixtures.ts';
import { buyThroughSandbox, mp4File, pngFile, uploadFile } from './helpers.ts';

// scripts/e2e.mjs runs the server with PAYOUT_HOLD_HOURS=0 (a new payout account is used at once) and its email
// going to a local SMTP sink whose messages it appends to the file E2E_MAILBOX.
const MAILBOX = process.env.E2E_MAILBOX ?? '';

type Mail = { to: string[]; raw: string };
const mails = (): Mail[] =>
  existsSync(MAILBOX)
    ? readFileSync(MAILBOX, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Mail)
    : [];

/** The payout account code emailed to `email` after the first `skip` messages of the mailbox. */
async function mailedCode(email: string, skip: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mails()
          .slice(skip)
          .findLast((m) => m.to.includes(email.toLowerCase()) && /payout account code/.test(m.raw));
        // Undo quoted-printable soft line breaks, should the mailer have used them.
        code = /is: (\d{6})/.exec(mail?.raw.replace(/=\r?\n/g, '') ?? '')?.[1];
        return code;
      },
      { message: `a payout account code emailed to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** A tutor with a name of its own, so the admin's list shows it unmistakably. */
async function newNamedTutor(request: APIRequestContext): Promise<Creds> {
  const creds = {
    email: uniqueEmail('payout-tutor'),
    password: 'Tutor1234!',
    fullName: `Adaeze Payout ${randomUUID().slice(0, 6)}`,
  };
  await apiCall(request, '/staff/add', {
    ...creds,
    phoneNumber: '08031234567',
    confirmPassword: creds.password,
    category: 'Website development',
    gender: 'Female',
    age: 29,
    certificateUrl: 'https://example.com/certificate.pdf',
  });
  const login = await apiCall<{ token: string }>(request, '/login/staff', {
    userName: creds.email,
    password: creds.password,
  });
  return { ...creds, token: login.token };
}

/** An approved course of the tutor's at `nairaPrice`. */
async function approvedCourse(request: APIRequestContext, tutor: Creds, nairaPrice: number) {
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', pngFile('cover.png'));
  const video = await uploadFile(request, token, 'video', mp4File('lesson.mp4'));
  const title = `Payouts course ${randomUUID().slice(0, 8)}`;
  const created = await apiCall<{ coursesDto: { id: number } }>(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A course made by the payouts e2e test.',
      nairaPrice,
      courseImageUrl: image,
      courseVideoUrl: video,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [{ title: 'Start', seriesList: [{ title: 'Welcome', videoLink: video }] }],
    },
    token,
  );
  const id = created.coursesDto.id;
  await apiCall(request, '/course/process', { status: 'Approved', id }, await adminToken(request));
  return { id, title };
}

/** The ledger's row of a course on the earnings screen. */
const ledgerRow = (page: Page, title: string) =>
  page.getByRole('tabpanel', { name: 'Sales and refunds' }).getByRole('row').filter({ hasText: title });
/** One of the earnings screen's five figures, by its label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Your money' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

test('a tutor sets a checked payout account, sales are split or owed, and an admin pays the owed balance', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  expect(MAILBOX, 'scripts/e2e.mjs gives the mailbox file').not.toBe('');
  const tutor = await newNamedTutor(request);
  const student = await newStudent(request);
  const owedCourse = await approvedCourse(request, tutor, 5000);
  const splitCourse = await approvedCourse(request, tutor, 3000);

  // Without a payout account the tutor's share of a sale is owed.
  await buyThroughSandbox(request, student.token!, owedCourse.id);

  // The tutor sets a payout account: the bank check, then the emailed code with the password.
  await openAs(page, 'tutor', tutor, '/tutor/settings');
  const payout = page.getByRole('region', { name: 'Payout account' });
  await expect(payout.getByText('You have no payout account yet. Add one to get paid.')).toBeVisible();
  const bank = payout.getByLabel('Bank');
  await expect(bank.locator('option')).not.toHaveCount(1);
  await bank.selectOption({ index: 1 });
  await payout.getByLabel('Account no. (10 digits)').fill('0123450000');
  await payout.getByRole('button', { name: 'Check account' }).click();
  await expect(payout.getByText('We could not find that account at this bank.')).toBeVisible();
  await payout.getByLabel('Account no. (10 digits)').fill('0123456789');
  await payout.getByRole('button', { name: 'Check account' }).click();
  await expect(payout.getByText('The bank says this account belongs to:')).toBeVisible();
  await expect(payout.locator('.payout-name')).not.toBeEmpty();

  const before = mails().length;
  await payout.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    payout.getByText('We emailed you a 6-digit code. It works once, for 10 minutes.'),
  ).toBeVisible();
  const code = await mailedCode(tutor.email, before);
  await payout.getByLabel('Code from the email').fill(code);
  await payout.getByLabel('Current password').fill(tutor.password);
  await payout.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText('Payout account saved.')).toBeVisible();
  await expect(payout.getByText('******6789')).toBeVisible();
  await expect(payout.getByText('0123456789')).toHaveCount(0);
  await expect(
    payout.getByText('Your share of each new sale goes straight to this account when the student pays.'),
  ).toBeVisible();

  // With the account checked and no hold, the next sale is split at payment.
  await buyThroughSandbox(request, student.token!, splitCourse.id);
  await page.goto('/tutor/earnings');
  await page.getByRole('tab', { name: 'Sales and refunds' }).click();
  await expect(ledgerRow(page, splitCourse.title)).toContainText('Split at payment');
  await expect(ledgerRow(page, splitCourse.title)).toContainText('Paid by split');
  await expect(ledgerRow(page, splitCourse.title)).toContainText('₦2,400');
  await expect(ledgerRow(page, owedCourse.title)).toContainText('Owed, paid by transfer');
  await expect(ledgerRow(page, owedCourse.title)).toContainText(/Owed$/);
  await expect(figure(page, 'Owed to you')).toContainText('₦4,000');
  await expect(figure(page, 'Settled by split')).toContainText('₦2,400');
  await expect(page.getByRole('table', { name: 'Earnings by month' })).toContainText('₦8,000');

  // An admin pays the owed balance after confirming; the sandbox confirms the transfer by webhook.
  const admin = await browser.newPage();
  const adminCreds = { ...ADMIN, fullName: 'Admin', token: await adminToken(request) };
  await openAs(admin, 'admin', adminCreds, '/admin/payouts');
  await admin.getByRole('checkbox', { name: `Select ${tutor.fullName}` }).check();
  await admin.getByRole('button', { name: 'Pay selected (1)' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Pay 1 tutor?' });
  await expect(dialog).toContainText('₦4,000 in total');
  await dialog.getByRole('button', { name: 'Pay now' }).click();
  await expect(admin.getByText('Payout started.')).toBeVisible();
  const result = admin.getByRole('region', { name: 'Payouts just made' }).getByRole('listitem');
  await expect(result.filter({ hasText: tutor.fullName })).toContainText('₦4,000');
  await admin.getByRole('tab', { name: 'History' }).click();
  const history = admin.getByRole('row').filter({ hasText: tutor.fullName });
  await expect(history).toContainText('Paid', { timeout: 20_000 });
  await admin.close();

  // The tutor sees the owed balance paid out.
  await page.reload();
  await expect(figure(page, 'Paid out')).toContainText('₦4,000');
  await expect(figure(page, 'Owed to you')).toContainText('₦0');
  await expect(ledgerRow(page, owedCourse.title)).toContainText('Paid out');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the payout, earnings and admin payouts screens fit', async ({ page, browser, request }, testInfo) => {
    const tutor = await newNamedTutor(request);
    const adminPage = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const adminCreds = { ...ADMIN, fullName: 'Admin', token: await adminToken(request) };
    const screens = [
      [page, 'tutor', tutor, '/tutor/settings', page.getByRole('button', { name: 'Check account' })],
      [page, 'tutor', tutor, '/tutor/earnings', page.getByRole('list', { name: 'Your money' })],
      [page, 'tutor', tutor, '/tutor/earnings?view=sales', page.getByText('No sales yet.')],
      [
        adminPage,
        'admin',
        adminCreds,
        '/admin/payouts',
        adminPage.getByRole('tab', { name: 'Owed balances' }),
      ],
      [
        adminPage,
        'admin',
        adminCreds,
        '/admin/payouts?tab=history',
        adminPage.getByRole('tab', { name: 'History', selected: true }),
      ],
    ] as const;
    for (const [on, role, creds, path, ready] of screens) {
      await openAs(on, role, creds, path);
      await expect(ready).toBeVisible();
      await testInfo.attach(`${path}-360`, {
        body: await on.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      const overflow = await on.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await adminPage.close();
  });
});
