import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type Page } from '@playwright/test';
import { API, newStudent, openAs } from '../fixtures.ts';
import { approvedCourse, uniqueTitle } from './helpers.ts';

const CLS_TARGET = 0.05;

// A phone, as most learners use (Lighthouse's mobile preset is about this size).
test.use({ viewport: devices['Pixel 7'].viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** Sums every layout shift not caused by input from the very first paint (the spec's CLS, without session windows). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        w.__shifts.push(
          `${e.value.toFixed(4)} ${e.sources?.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const cls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { value: w.__cls, shifts: w.__shifts };
  });

test('home: nothing moves while the course list loads (CLS within 0.05), as a guest and signed in', async ({
  page,
  request,
}) => {
  // A guest: the first page of courses is rendered into the document.
  await watchLayoutShifts(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Courses' }).getByRole('article').first()).toBeVisible();
  await page.waitForTimeout(500);
  const guest = await cls(page);
  expect(guest.value, guest.shifts.join('\n')).toBeLessThanOrEqual(CLS_TARGET);

  // Signed in, the page is the same server-rendered one: the list comes with it too (never asked again over the
  // network, no loading cards), and the signed-in header arrives in place after hydration.
  const student = await newStudent(request);
  let asked = 0;
  await page.route(`**${API}/course/all/view/student/courses`, async (route) => {
    asked++;
    await route.continue();
  });
  await openAs(page, 'user', student, '/');
  const courses = page.getByRole('region', { name: 'Courses' });
  await expect(courses.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(asked).toBe(0);
  await expect(courses.getByRole('status')).toHaveCount(0);
  const signedIn = await cls(page);
  expect(signedIn.value, signedIn.shifts.join('\n')).toBeLessThanOrEqual(CLS_TARGET);
});

test('search: the results come with the page and stay put when the app takes over, on a phone and a wide screen', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = `qz${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;
  const course = await approvedCourse(request, { title: `Searchable ${word}`, nairaPrice: 4000 });
  const url = `/search?q=${word}`;
  const boxes = async (page: Page) => {
    const card = page.getByRole('article').filter({ hasText: course.title });
    await expect(card).toBeVisible();
    return {
      heading: await page.getByRole('heading', { name: `Results for "${word}"` }).boundingBox(),
      count: await page.getByText('1 course', { exact: true }).boundingBox(),
      card: await card.boundingBox(),
    };
  };
  for (const viewport of [devices['Pixel 7'].viewport, { width: 1366, height: 850 }]) {
    // Without JavaScript: the server's render alone.
    const plain = await browser.newContext({ viewport, baseURL, javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(url);
    const before = await boxes(plainPage);
    await plain.close();

    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`${API}/course/search`)) asked.push(r.url());
    });
    await watchLayoutShifts(page);
    await page.goto(url);
    await expect(page.getByRole('link', { name: 'DevLearn' }).first()).toBeVisible();
    await page.waitForTimeout(1000);
    // The app's own screen (its Filters button opens the filters on a phone), in the same place.
    const phone = viewport.width <= 760;
    await expect(page.getByRole('button', { name: 'Filters' })).toHaveCount(phone ? 1 : 0);
    const after = await boxes(page);
    for (const key of ['heading', 'count', 'card'] as const) {
      expect(Math.abs(after[key]!.y - before[key]!.y), `${key} at ${viewport.width}px`).toBeLessThanOrEqual(
        2,
      );
      expect(
        Math.abs(after[key]!.height - before[key]!.height),
        `${key} at ${viewport.width}px`,
      ).toBeLessThanOrEqual(2);
    }
    const shifted = await cls(page);
    expect(shifted.value, shifted.shifts.join('\n')).toBe(0);
    // The answer came inside the document: the app did not ask for it again.
    expect(asked).toEqual([]);
    if (phone) {
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('form', { name: 'Filters' })).toBeVisible();
    }
    await context.close();
  }
});

test('a course link shows its title, image and naira price without JavaScript (Open Graph tags)', async ({
  request,
}) => {
  const course = await approvedCourse(request, {
    title: uniqueTitle('Shareable <testing> & "quotes"'),
    nairaPrice: 12500,
  });
  const res = await request.get(`/course/${course.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const escaped = course.title
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  expect(html).toContain(`<title>${escaped} | DevLearn</title>`);
  expect(html).toContain(`<meta property="og:title" content="${escaped} | DevLearn" />`);
  expect(html).toMatch(
    /<meta property="og:description" content="₦12,500 · by [^"]+\. What you will learn in /,
  );
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/images\/[^"]+" \/>/);
  expect(html).toContain('<meta name="twitter:data1" content="₦12,500" />');
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/course/${course.id}" />`));
});

test('Chromium finds the app installable; a second visit offline shows the shell and the offline page', async ({
  baseURL,
}, info) => {
  // A profile on disk: Chromium never offers to install from an incognito-like context (Playwright's default).
  const profile = mkdtempSync(path.join(tmpdir(), 'devlearn-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...info.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Courses' }).getByRole('article').first()).toBeVisible();
    // The worker has installed (app shell precached) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
    });

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      icons: { sizes: string }[];
    };
    expect(manifest.name).toBe('DevLearn');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.goto('/category/BackendEngineer');
    await expect(page.getByRole('link', { name: 'DevLearn' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('DevLearn needs an internet connection to show courses.')).toBeVisible();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Backend Engineer', level: 1 })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
