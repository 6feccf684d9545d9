import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, API } from '../fixtures.ts';

/** The code the authenticator app shows `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test('an admin turns on two-factor sign-in with the QR code screen, then signs in with a code', async ({
  page,
  request,
}) => {
  await page.goto('/admin-login');
  const form = page.locator('form', { has: page.getByLabel('Password', { exact: true }) });
  await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  // Prompted until it is on.
  await expect(
    page.getByText('Protect your admin account: turn on two-factor sign-in under Security.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('link', { name: 'Security' }).first().click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Enter the 6-digit code from the app').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/Two-factor sign-in is on\. 10 recovery codes left\./)).toBeVisible();

  // Sign out, and in again: the password, then the code.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin-login');
  await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  // The enrolment used this step's code; the next step's is within the window and not used yet.
  await code.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  // Leave the shared admin as the other specs expect it: off again (with a recovery code).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const off = await request.post(`${API}/2fa/disable`, {
    headers: { apiKey: token ?? '' },
    data: { password: ADMIN.password, code: recovery },
  });
  expect(off.status()).toBe(200);
});
