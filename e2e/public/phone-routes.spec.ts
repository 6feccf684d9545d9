import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiCall, DEMO, signIn, signInDemoTutor } from '../fixtures.ts';
import { demoCourse, ownedCourseIds } from '../student/helpers.ts';
import { PUBLIC_ROUTES } from './helpers.ts';

// Every route of every role on a 360×740 phone, with the demo content's data in it (the demo tutor's dashboard with
// its charts, the demo student's orders and course): nothing scrolls sideways and no control is cut off at an edge;
// no data table clips a column without a scroll cue; a page followed from a scrolled page opens at the top (back
// returns to the place); the tutor's and admin's screens start on the first screen, their menus folded.
// The screens are only read, so the demo accounts are shared safely with the other specs.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

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
    // Every data table shows all its columns (as cards, or fitting): a header or cell past the visible box of the
    // table's scrolling box is clipped unless the box shows its scroll cue. Tables behind a closed disclosure (a
    // chart's "Table view") are opened to be measured.
    const closed = Array.from(document.querySelectorAll('main details:not([open])')).filter((d) =>
      d.querySelector('table'),
    ) as HTMLDetailsElement[];
    for (const d of closed) d.open = true;
    const clipped: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('main table'))) {
      if (!table.getBoundingClientRect().height) continue;
      let left = 0;
      let right = width;
      let scroller: HTMLElement | null = null;
      for (let a = table.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow === 'visible') continue;
        const box = a.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
        if (!scroller && (overflow === 'auto' || overflow === 'scroll')) scroller = a;
      }
      // A header row hidden for screen readers only (a card table's thead: 1 px, clipped) shows nothing.
      const hidden = (c: Element) => {
        for (let a: Element | null = c; a && a !== table; a = a.parentElement) {
          const r = a.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1) return true;
        }
        return false;
      };
      const past = Array.from(table.querySelectorAll<HTMLElement>('th, td')).filter((c) => {
        const r = c.getBoundingClientRect();
        return !hidden(c) && (r.right > right + 1 || r.left < left - 1);
      });
      if (!past.length) continue;
      const cue = scroller?.closest('.table-scroll')?.querySelector<HTMLElement>('.scroll-cue');
      if (cue && cue.getBoundingClientRect().height > 0) continue;
      const name =
        table.querySelector('caption')?.textContent?.trim() ||
        table.closest('section, figure')?.querySelector('h1, h2, h3')?.textContent?.trim();
      clipped.push(
        `table "${name}": ${past.map((c) => (c.textContent ?? '').trim().slice(0, 20)).join(', ')}`,
      );
    }
    for (const d of closed) d.open = false;
    return { overflow: document.scrollingElement!.scrollWidth - width, cut, clipped };
  });
  expect(found.overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(found.cut, `${path} cuts these controls off`).toEqual([]);
  expect(found.clipped, `${path} clips these table columns without a scroll cue`).toEqual([]);
}

/** The tutor's and admin's screens that are a form: their first field is on the first screen too. */
const FORM_SCREENS = /^\/tutor\/(create-courses|settings|change-password|edit-course\/\d+)$/;

/**
 * The screen's own start is on the first screen: what sits above it (the area's menu bar) takes at most a fifth of
 * the phone's 740 px, and a form's first field ends within them.
 */
async function startsOnFirstScreen(page: Page, path: string) {
  const found = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const shown = (el: Element) => el.getBoundingClientRect().height > 0;
    const heading = Array.from(main.querySelectorAll('h1, h2')).find(shown);
    const field = Array.from(
      main.querySelectorAll('input:not([type="hidden"]):not([type="checkbox"]), select, textarea'),
    ).find(shown);
    const at = (el: Element | undefined) => el && el.getBoundingClientRect();
    return {
      headingTop: Math.round(at(heading)!.top + window.scrollY),
      fieldBottom: field && Math.round(at(field)!.bottom + window.scrollY),
    };
  });
  expect(
    found.headingTop,
    `${path}: its heading starts within the first fifth of the screen`,
  ).toBeLessThanOrEqual(148);
  if (FORM_SCREENS.test(path))
    expect(found.fieldBottom, `${path}: its first field ends within the first screen`).toBeLessThanOrEqual(
      740,
    );
}

async function visit(page: Page, paths: string[], { firstScreen = false } = {}) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading').first(), path).toBeVisible();
    await expect(page.getByText('Loading...'), path).toHaveCount(0);
    await expect(page.getByText('Page Not Found'), `${path} is a route`).toHaveCount(0);
    await fitsPhone(page, path);
    if (firstScreen) await startsOnFirstScreen(page, path);
  }
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * From a page scrolled down to `link` (its top at the top of the screen), following the link opens the next page at
 * the top, with `heading` (its title, or the player's video) on the first screen; back returns to where the first
 * page was left: the link is where it was on the screen (the page may have grown above it meanwhile, as My courses
 * does when the lesson just opened becomes its "Continue where you left off": the browser keeps the place, not the
 * number; a few pixels of a late font or badge are
 * no lost place).
 */
async function opensAtTop(page: Page, link: Locator, heading: Locator) {
  const from = page.url();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await link.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // Where the page was left is its scroll and the link's place on screen at the moment of the click (the click may
  // scroll the link into reach).
  await link.evaluate((el) =>
    window.addEventListener(
      'click',
      () => {
        const root = document.documentElement;
        root.setAttribute('data-left-at', String(Math.round(window.scrollY)));
        root.setAttribute('data-link-top', String(Math.round(el.getBoundingClientRect().top)));
      },
      { capture: true, once: true },
    ),
  );
  await link.click();
  const left = Number(await page.locator('html').getAttribute('data-left-at'));
  const linkTop = Number(await page.locator('html').getAttribute('data-link-top'));
  expect(left, `${from} is scrolled down when the link is followed`).toBeGreaterThan(100);
  await expect(page).not.toHaveURL(from);
  // The old page may stay on screen while the new one's code loads: it is the new page that must start at the top.
  await expect.poll(() => scrollY(page), `${page.url()} opens at the top`).toBe(0);
  await expect(heading).toBeInViewport();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await scrollY(page), `${page.url()} stays at the top once shown`).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(from);
  await expect
    .poll(
      async () => {
        const top = await link.evaluate((el) => Math.round(el.getBoundingClientRect().top));
        return { scrolledDown: (await scrollY(page)) >= left, linkAt: Math.abs(top - linkTop) <= 8 };
      },
      { message: `back to ${from} returns to where it was left` },
    )
    .toEqual({ scrolledDown: true, linkAt: true });
}

test('a guest: a page opened from a scrolled page starts at the top, and back returns to the place', async ({
  page,
}) => {
  await page.goto('/');
  const lastCard = page.locator('main .course-card-link').last();
  await expect(lastCard).toBeVisible();
  await opensAtTop(page, lastCard, page.locator('main h1'));

  await page.goto('/category/SoftwareTester');
  await opensAtTop(page, page.locator('main .course-card-link').last(), page.locator('main h1'));

  // The login screen, from the menu of a page scrolled to its footer.
  await page.goto('/course/1');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await scrollY(page)).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect(await scrollY(page), '/login opens at the top').toBe(0);
});

/** The redeem link of the demo student's gift waiting in their notifications (docs/payments.md, "Gifts"). */
async function demoGiftLink(request: Page['request'], token: string): Promise<string> {
  const { notifications } = await apiCall<{ notifications: { type: string; link: string | null }[] }>(
    request,
    '/notification/list',
    { pageNo: 0, pageSize: 50 },
    token,
  );
  const link = notifications.find((n) => n.type === 'gift-received')?.link;
  expect(link, 'the demo student has a gift waiting').toBeTruthy();
  return link!;
}

test('a guest: every public route fits a phone', async ({ page }) => {
  // The demo gift's redeem page as its guest sees it (sign up or log in there), read with the demo student's token
  // on the side: the page itself stays signed out. Nothing is redeemed.
  const { token } = await apiCall<{ token: string }>(page.request, '/login/customer', {
    userName: DEMO.student.email,
    password: DEMO.student.password,
  });
  const giftLink = await demoGiftLink(page.request, token);
  await visit(page, ['/gift/redeem', giftLink, ...PUBLIC_ROUTES]);
});

test("a student: every route fits a phone, with the demo student's orders and course", async ({ page }) => {
  // Every student route, the cohort's too: longer than a minute on a loaded machine.
  test.setTimeout(150_000);
  const token = await signIn(page, 'user', DEMO.student, '/home/my-courses');
  const [owned] = await ownedCourseIds(page.request, token);
  const { orders } = await apiCall<{ orders: { reference: string }[] }>(
    page.request,
    '/order/list',
    {},
    token,
  );
  expect(owned, 'the demo student owns a course').toBeDefined();
  expect(orders.length, 'the demo student has an order').toBeGreaterThan(0);
  // The demo cohort: its course, its player with next week locked, the week and today's live class.
  const cohortCourse = await demoCourse(page.request, 'Docker and CI/CD Pipelines');
  const week = await apiCall<{ nextSession: { id: number } | null }>(
    page.request,
    '/cohort/week',
    undefined,
    token,
  );
  expect(week.nextSession, "the demo cohort's live class is this week").not.toBeNull();
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
    '/user/week',
    '/user/calendar',
    `/course/${cohortCourse.id}`,
    `/view-course/${cohortCourse.id}`,
    `/live/${week.nextSession!.id}`,
    // The demo gift, as its signed-in recipient sees it before redeeming.
    await demoGiftLink(page.request, token),
  ]);

  // A new page opens at the top: My courses → the player, and the bell from a page scrolled to its footer.
  await page.goto('/home/my-courses');
  await opensAtTop(
    page,
    page.locator(`main a.own-course[href="/view-course/${owned}"]`),
    page.locator('main video'),
  );
  await page.goto(`/course/${owned}`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await scrollY(page)).toBeGreaterThan(200);
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  expect(await scrollY(page), '/home/notifications opens at the top').toBe(0);
});

test("a tutor: every route fits a phone, the demo tutor's dashboard charts included", async ({ page }) => {
  test.setTimeout(120_000);
  const id = (await signInDemoTutor(page)).courseIds[0]!;
  await visit(page, ['/tutor'], { firstScreen: true });
  // The charts have drawn (their code loads on demand) before the dashboard is measured again.
  await expect(page.locator('.trend-chart svg').first()).toBeVisible();
  await fitsPhone(page, '/tutor with its charts');
  await visit(
    page,
    [
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
    ],
    { firstScreen: true },
  );

  // The menu folds behind one button; choosing a page closes it.
  const toggle = page.getByRole('button', { name: /^Menu/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Tutor menu' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Tutor menu' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/tutor\/earnings$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Tutor menu' })).toBeHidden();
});

test('an admin: every route fits a phone, the dashboard charts included', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { ...ADMIN, fullName: 'Admin' }, '/admin');
  await visit(page, ['/admin'], { firstScreen: true });
  await expect(page.locator('.trend-chart svg').first()).toBeVisible();
  await fitsPhone(page, '/admin with its charts');
  await visit(
    page,
    [
      '/admin/courses',
      '/admin/view-course/1',
      '/admin/payouts',
      '/admin/refunds',
      '/admin/sales',
      '/admin/reports',
      '/admin/security',
      '/admin/audit',
    ],
    { firstScreen: true },
  );
});
