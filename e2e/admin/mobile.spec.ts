import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, apiCall, openAs } from '../fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('the admin screens fit a 360 px wide phone', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number }[] }>(
    request,
    '/course/all',
    { pageSize: 1, pageNo: 0 },
    token,
  );
  const creds = { email: ADMIN.email, password: ADMIN.password, fullName: 'Admin', token };
  const screens = [
    ['dashboard', '/admin', page.getByRole('heading', { name: /^Welcome, / })],
    ['courses', '/admin/courses', page.getByRole('heading', { name: 'Courses', exact: true })],
    [
      'view-course',
      `/admin/view-course/${coursesDtos[0]!.id}`,
      page.getByRole('heading', { name: 'Sections' }),
    ],
  ] as const;
  await openAs(page, 'admin', creds, '/admin');
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await testInfo.attach(`${name}-360`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('the course cards at 360 px read each label apart from its value, the title alone', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const creds = { email: ADMIN.email, password: ADMIN.password, fullName: 'Admin', token };
  await openAs(page, 'admin', creds, '/admin');
  await page.goto('/admin/courses');
  const row = page.getByRole('row').nth(1);
  await expect(row.getByRole('link', { name: /^View / })).toBeVisible();
  // The label is each cell's ::before; a card line sets it apart from the value with the flex gap.
  const [title, author] = await row.getByRole('cell').evaluateAll((tds) =>
    tds.map((td) => ({
      text: (td.textContent ?? '').trim(),
      label: getComputedStyle(td, '::before').content,
      gap: getComputedStyle(td).display === 'flex' ? parseFloat(getComputedStyle(td).columnGap) : 0,
    })),
  );
  expect(title!.label, `a label runs into the title "${title!.text}"`).toMatch(/^(none|normal)$/);
  expect(author!.label).toBe('"Author"');
  expect(author!.gap).toBeGreaterThan(0);
});
