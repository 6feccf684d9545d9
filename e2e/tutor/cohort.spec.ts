import { expect, test } from '@playwright/test';
import { apiCall, openAs, type Creds } from '../fixtures.ts';

// The demo tutor (README's logins) runs "Docker and CI/CD Pipelines" in cohorts, with a running "Live cohort".
const DEMO_TUTOR = { email: 'tutor@demo.devlearn.ng', password: 'DemoTutor123!', fullName: 'Chiamaka Eze' };
const DEMO_COURSE = 'Docker and CI/CD Pipelines';

test('the demo tutor schedules a cohort with a live session, sets a release rule, and sees the demo cohort’s attendance on a phone', async ({
  page,
  request,
}) => {
  const login = await apiCall<{ token: string }>(request, '/login/staff', {
    userName: DEMO_TUTOR.email,
    password: DEMO_TUTOR.password,
  });
  const tutor: Creds = { ...DEMO_TUTOR, token: login.token };
  const name = `Evening class ${Date.now() % 100000}`;

  await openAs(page, 'tutor', tutor, '/tutor/cohorts');
  await page.getByRole('combobox', { name: 'Course', exact: true }).selectOption({ label: DEMO_COURSE });
  const form = page.getByRole('form', { name: 'New cohort' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Starts (Lagos time, WAT)').fill('2099-03-02T18:00');
  await form.getByLabel('Ends (Lagos time, WAT)').fill('2099-04-27T20:00');
  await form.getByLabel('Capacity (seats)').fill('25');
  await form.getByRole('button', { name: 'Create cohort' }).click();
  await expect(page.getByText(`Cohort ${name} saved.`)).toBeVisible();

  // A release rule: the second section opens on day 7 at 09:00 Lagos time.
  const rule = page.getByRole('form', { name: /^Release rule of / }).nth(1);
  await rule.getByLabel('Opens').selectOption('cohort_day');
  await rule.getByLabel('Days after the start day (0: the start day)').fill('7');
  await rule.getByLabel('At (Lagos time, WAT)').fill('09:00');
  await rule.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText(/^Release rule of .* saved\.$/)).toBeVisible();

  // The new cohort's live session on a pasted meeting link.
  await page.getByRole('link', { name: `Open ${name}` }).click();
  await page.getByRole('tab', { name: 'Live sessions' }).click();
  const session = page.getByRole('form', { name: 'New live session' });
  await session.getByLabel('Title').fill('Kick-off');
  await session.getByLabel('Starts (Lagos time, WAT)').fill('2099-03-02T18:00');
  await session.getByLabel('Meeting link (https)').fill('https://meet.example.com/kick-off');
  await session.getByRole('button', { name: 'Schedule session' }).click();
  await expect(page.getByText('Live session Kick-off scheduled.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Kick-off', exact: true })).toBeVisible();

  // The demo cohort's attendance sheet, on a 360 px phone: it fits without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/tutor/cohorts');
  await page.getByRole('combobox', { name: 'Course', exact: true }).selectOption({ label: DEMO_COURSE });
  await page.getByRole('link', { name: 'Open Live cohort' }).click();
  await expect(page.getByText('Tunde Bakare').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Live sessions' }).click();
  await page
    .getByRole('button', { name: /^Attendance of / })
    .first()
    .click();
  const sheet = page.getByRole('region', { name: /^Attendance of / });
  await expect(sheet.getByRole('button', { name: /^Mark .* present$/ }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
