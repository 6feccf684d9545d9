import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, newStudent, openAs } from '../fixtures.ts';
import { linkInMail } from '../mail.ts';
import { addToCartFromDetail, type TestCourse } from './helpers.ts';

/** One of the sandbox's test calls (SANDBOX_TEST_HOOKS, which scripts/e2e.mjs sets), as an admin. */
async function sandboxTest(request: APIRequestContext, call: 'plan-clock' | 'card-funds', data: unknown) {
  const res = await request.post(`/sandbox-pay/test/${call}`, {
    data,
    headers: { apiKey: await adminToken(request) },
  });
  expect(res.ok(), `${call} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
}

/**
 * The demo tutor's course that offers a three-part plan (the seed's: 40 % now, two monthly payments). Its videos
 * are ready from the seed, so the job worker has no transcoding to do before the plan's steps.
 */
async function demoPlanCourse(request: APIRequestContext): Promise<TestCourse> {
  const login = await apiCall<{ token: string }>(request, '/login/staff', {
    userName: 'tutor@demo.devlearn.ng',
    password: 'DemoTutor123!',
  });
  const mine = await apiCall<{ coursesDtos: TestCourse[] }>(
    request,
    '/course/alltutor',
    { pageNo: 0, pageSize: 50 },
    login.token,
  );
  for (const course of mine.coursesDtos) {
    const { plans } = await apiCall<{ plans: { furtherPayments: number }[] }>(request, '/plan/list', {
      courseId: course.id,
    });
    if (plans.some((p) => p.furtherPayments === 2)) return course;
  }
  throw new Error('The demo tutor has no course with a three-part plan');
}

/** The newest instalment payment link emailed to `email`, or undefined. */
const paymentLinkFor = (email: string) =>
  linkInMail(email, /(https?:\/\/\S+\/plan\/instalment\/\d+\/pay\?sig=[A-Za-z0-9_-]+)/);

/** The states of the plan's payments on its order page, in order. */
async function paymentStates(page: Page, reference: string) {
  await page.goto(`/home/orders/${reference}`);
  const plan = page.getByRole('region', { name: /^Instalment plan: / });
  await expect(plan.getByRole('row')).toHaveCount(4);
  return plan
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => r.querySelector('td[data-label="State"]')?.textContent ?? ''),
    );
}

test('a student pays in three parts: a saved card, the second part charged a month on, the third by transfer from the link', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const student = await newStudent(request);
  const course = await demoPlanCourse(request);

  // The cart offers the plan beside the full price, with its dates and amounts and the consent, before paying.
  await openAs(page, 'user', student, '/');
  await addToCartFromDetail(page, course);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  const plans = panel.getByRole('group', { name: 'Pay in full or in parts?' });
  await plans.getByRole('radio', { name: /now, then 2 monthly payments of ₦/ }).check();
  const payments = panel.getByRole('list', { name: 'Your payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(3);
  await expect(payments.getByRole('listitem').first()).toHaveText(/^Today: ₦[\d,]+/);
  await plans.getByRole('checkbox', { name: /^Save my card and charge my next payments to it/ }).check();
  await panel.getByRole('button', { name: 'Check out' }).click();

  // The sandbox's card page: "Save this card", then Pay the first part.
  await page.getByRole('checkbox', { name: 'Save this card' }).check();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  const reference = new URL(page.url()).searchParams.get('reference')!;
  expect(await paymentStates(page, reference)).toEqual(['Paid', 'Due', 'Due']);
  await page.goto('/home/payment-methods');
  await expect(page.getByRole('list', { name: 'Your saved cards' })).toContainText('Visa ending 4081');

  // A month on, the saved card pays the second part.
  await sandboxTest(request, 'plan-clock', { days: 31 });
  await expect(async () =>
    expect(await paymentStates(page, reference)).toEqual(['Paid', 'Paid', 'Due']),
  ).toPass({
    timeout: 120_000,
  });

  // The card runs dry: the third charge fails and the student is told, in the app and by email with a link.
  await sandboxTest(request, 'card-funds', { email: student.email, insufficientFunds: true });
  await sandboxTest(request, 'plan-clock', { days: 31 });
  await expect(async () => {
    await page.goto('/home/notifications');
    await expect(page.getByText(/Insufficient Funds/).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000 });
  await expect.poll(() => paymentLinkFor(student.email), { timeout: 30_000 }).toBeTruthy();
  const link = paymentLinkFor(student.email)!;

  // The link opens a checkout of exactly that payment on any channel: the student pays it by bank transfer.
  await page.goto(link);
  await page.getByRole('link', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: "I've sent the money" }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });

  // The plan is complete.
  await expect(async () =>
    expect(await paymentStates(page, reference)).toEqual(['Paid', 'Paid', 'Paid']),
  ).toPass({
    timeout: 30_000,
  });
  await expect(page.getByText('Your instalment plan is fully paid.')).toBeVisible();
});
