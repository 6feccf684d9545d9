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
