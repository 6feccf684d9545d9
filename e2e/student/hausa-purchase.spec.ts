import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiCall, newStudent, openAs } from '../fixtures.ts';
import { collectErrors, openHydrated } from '../hydration.ts';
import { createApprovedCourses } from './helpers.ts';

// The app in Hausa end to end (issue 51, docs/i18n.md): the picker, the cart and checkout, the order screens, and
// the receipt the server writes in the buyer's language.

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a student switches to Hausa, buys a course by card and receives a Hausa receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await newStudent(request);
  const [course] = await createApprovedCourses(request, 1);
  const errors = collectErrors(page);
  await openAs(page, 'user', student, '/');
  // The picker acts once the page is hydrated.
  await openHydrated(page, '/');
  await page.locator('.header-language select').selectOption('ha');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  await expect(page.getByText('Mafi kyawun dandalin koyo ta intanet')).toBeVisible();
  // The choice is saved on the account, which the server writes the receipt in.
  await expect
    .poll(
      async () =>
        (await apiCall<{ language: string | null }>(request, '/account/language/get', {}, student.token!))
          .language,
    )
    .toBe('ha');

  // The course page, the cart and the checkout, in Hausa.
  await page.goto(`/course/${course!.id}`);
  await page.getByRole('button', { name: 'Saka a kwandon sayayya' }).click();
  await expect(page.getByText('An saka abu a kwandon sayayya cikin nasara!').last()).toBeVisible();
  await page.getByRole('button', { name: 'Kwandon sayayya, abu 1' }).click();
  const panel = page.getByRole('dialog', { name: 'Kwandon sayayyarka' });
  await expect(panel.getByText(course!.title)).toBeVisible();
  await panel.getByRole('button', { name: 'Biya', exact: true }).click();

  // The sandbox's card page (the provider's own, in English): its amount is the order's.
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await expect(pay).toBeVisible();
  const amount = (await pay.textContent())!.replace(/^Pay\s*/, '').trim();
  expect(amount).toMatch(/^₦[\d,]+\.\d\d$/);
  await pay.click();

  // The confirmation screen.
  await expect(page).toHaveURL(/\/checkout\?reference=/);
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByRole('heading', { name: 'An biya cikin nasara' })).toBeVisible();
  await expect(page.getByText(/^Mun gode! Kwasa-kwasanka sun shirya\./)).toBeVisible();
  // It takes the student on to My Courses, where the course is theirs.
  await expect(page).toHaveURL(/\/home\/my-courses$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Kwasa-kwasaina' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: course!.title })).toBeVisible();

  // The orders screen, then the order's: the receipt is downloaded from there.
  await page.goto('/home/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Odar ɗina' })).toBeVisible();
  await page.getByRole('link', { name: `Duba odar ${reference}` }).click();
  await expect(page).toHaveURL(`/home/orders/${reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bayanan odar' })).toBeVisible();
  await expect(page.getByText('Hanyar biya', { exact: true })).toBeVisible();
  await expect(page.getByText('Jimilla', { exact: true })).toBeVisible();
  await expect(page.getByText(course!.title)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Sauke rasit' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
  // The receipt's words in Hausa (the server's catalog, receipt.*), with the course, its price and the total.
  expect(text).toContain('Rasit');
  expect(text).toContain(`Lambar bayani: ${reference}`);
  expect(text).toContain(`An aika kuɗi zuwa ga: ${student.fullName}`);
  expect(text).toContain('Hanyar biya: Kati');
  expect(text).toContain('Matsayi: An biya');
  expect(text).toContain('(Legas)');
  expect(text).toMatch(/Kwas\s*Farashi/);
  expect(text).toMatch(new RegExp(`${escaped(course!.title)}\\s*${escaped(amount)}`));
  expect(text).toMatch(new RegExp(`Jimilla\\s*${escaped(amount)}`));
  expect(text).toContain('Duk adadin kuɗi na naira ta Najeriya (NGN).');
  expect(text).not.toContain('Total');
  expect(errors).toEqual([]);
});
