import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiCall, openAs, type Creds } from '../fixtures.ts';
import { ownedCourseIds } from '../student/helpers.ts';

// Every route of every role on a 360×740 phone, with the demo content's data in it (the demo tutor's dashboard with
// its charts, the demo student's orders and course): nothing scrolls sideways and no control is cut off at an edge.
// The screens are only read, so the demo accounts are shared safely with the other specs.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

type DemoLogin = { fullName: string; email: string; password: string };
const demo = JSON.parse(
  readFileSync(new URL('../../apps/api/assets/demo/courses.json', import.meta.url), 'utf8'),
) as { tutor: DemoLogin; student: DemoLogin };

/**
 * The page is no wider than the phone, and every visible control lies inside it and inside each box that clips it:
 * one that starts or ends past such an edge is cut off (one wholly off screen, such as the skip link, or hidden from
 * everyone, such as the banner's other slides, is hidden on purpose; one inside a box that scrolls sideways, such as
 * a table's, is reached by scrolling that box).
 */
async function fitsPhone(page: Page, path: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const cut: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a, input, select, textarea, h1, h2, img',
    );
    for (const el of Array.from(controls)) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || r.right <= 0 || r.left >= width) continue;
      if (el.closest('[aria-hidden="true"], .visually-hidden, .sr-only')) continue;
      // The part of the screen it may show in: the viewport, narrowed by each box that clips it; a box that
      // scrolls sideways lets it be reached, so it is not cut off.
      let left = 0;
      let right = width;
      let reachable = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') reachable = true;
        if (overflow === 'hidden' || overflow === 'clip') {
          const box = a.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
      }
      if (!reachable && (r.left < left - 1 || r.right > right + 1)) {
        cut.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    return { overflow: document.scrollingElement!.scrollWidth - width, cut };
  });
  expect(found.overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(found.cut, `${path} cuts these controls off`).toEqual([]);
}

async function visit(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first(), path).toBeVisible();
    await expect(page.getByText('Loading...'), path).toHaveCount(0);
    await expect(page.getByText('Page Not Found'), `${path} is a route`).toHaveCount(0);
    await fitsPhone(page, path);
  }
}

async function signIn(page: Page, role: 'user' | 'tutor' | 'admin', login: DemoLogin, path: string) {
  const call = { user: '/login/customer', tutor: '/login/staff', admin: '/login/admin' }[role];
  const { token } = await apiCall<{ token: string }>(page.request, call, {
    userName: login.email,
    password: login.password,
  });
  const creds: Creds = { ...login, token };
  await openAs(page, role, creds, path);
  return token;
}

test('a guest: every public route fits a phone', async ({ page }) => {
  await visit(page, [
    '/',
    '/course/1',
    '/category/SoftwareTester',
    '/search?q=software',
    '/categories',
    '/teaching',
    '/privacy',
    '/terms-and-policy',
    '/login',
    '/signup',
    '/tutor-login',
    '/tutor-signup',
    '/admin-login',
    '/forgot-password',
  ]);
});

test("a student: every route fits a phone, with the demo student's orders and course", async ({ page }) => {
  const token = await signIn(page, 'user', demo.student, '/home/my-courses');
  const [owned] = await ownedCourseIds(page.request, token);
  const { orders } = await apiCall<{ orders: { reference: string }[] }>(
    page.request,
    '/order/list',
    {},
    token,
  );
  expect(owned, 'the demo student owns a course').toBeDefined();
  expect(orders.length, 'the demo student has an order').toBeGreaterThan(0);
  await visit(page, [
    '/home/my-courses',
    '/home/cart',
    '/home/orders',
    `/home/orders/${orders[0]!.reference}`,
    '/home/downloads',
    '/home/notifications',
    '/wishlist',
    '/subscriptions',
    '/edit-profile',
    '/change-password',
    '/account-security',
    `/course/${owned}`,
    `/view-course/${owned}`,
  ]);
});

test("a tutor: every route fits a phone, the demo tutor's dashboard charts included", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, 'tutor', demo.tutor, '/tutor');
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number }[] }>(
    page.request,
    '/course/alltutor',
    { pageSize: 10, pageNo: 0 },
    token,
  );
  const id = coursesDtos[0]!.id;
  await visit(page, ['/tutor']);
  // The charts have drawn (their code loads on demand) before the dashboard is measured again.
  await expect(page.locator('.trend-chart svg').first()).toBeVisible();
  await fitsPhone(page, '/tutor with its charts');
  await visit(page, [
    '/tutor/courses',
    '/tutor/create-courses',
    '/tutor/courses-review',
    '/tutor/earnings',
    '/tutor/notifications',
    '/tutor/settings',
    '/tutor/change-password',
    '/tutor/coupons',
    '/tutor/questions',
    '/tutor/security',
    `/tutor/course/earnings/${id}`,
    `/tutor/course/quizzes/${id}`,
    `/tutor/edit-course/${id}`,
  ]);
});

test('an admin: every route fits a phone, the dashboard charts included', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { ...ADMIN, fullName: 'Admin' }, '/admin');
  await visit(page, ['/admin']);
  await expect(page.locator('.trend-chart svg').first()).toBeVisible();
  await fitsPhone(page, '/admin with its charts');
  await visit(page, [
    '/admin/courses',
    '/admin/view-course/1',
    '/admin/payouts',
    '/admin/refunds',
    '/admin/sales',
    '/admin/reports',
    '/admin/security',
    '/admin/audit',
  ]);
});
