import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiCall, newStudent, openAs, type Creds } from '../fixtures.ts';
import { buyThroughSandbox, demoCourse, type TestCourse } from './helpers.ts';

// Lessons for offline use in a real Chromium with the service worker on: a download at 240p stored through Cache
// Storage, played back with the network off, progress made offline sent when it returns, the licence check
// removing downloads whose ownership was not confirmed online for 30 days, a session that ends while offline, and
// an explicit logout. The demo lessons are 12 s with a 240p/360p ladder.

test.use({ serviceWorkers: 'allow' });

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const play = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));

/** Waits until the service worker controls the page (the shell is precached then). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
  });
}

/** A new student who owns a demo course, on its player page under the service worker. */
async function ownerOnPlayer(page: Page, request: APIRequestContext, title: string) {
  const student = await newStudent(request);
  const course = await demoCourse(request, title);
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, '/home/my-courses');
  await controlled(page);
  // Seen once under the worker: My courses opens offline from this answer.
  await page.reload();
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  await page.goto(`/view-course/${course.id}`);
  return { student, course };
}

/** Downloads the course's first lesson at 240p from the player's download panel. */
async function downloadFirstLesson(page: Page) {
  const panel = page.getByRole('region', { name: 'Download for offline' });
  await panel.getByLabel('Download quality').selectOption('240');
  const first = panel.getByRole('listitem').first();
  // The size comes from the rendition's bytes, before anything is fetched.
  await expect(first.getByRole('button', { name: /^Download .+, \d+(\.\d)? (KB|MB)$/ })).toBeVisible();
  await first.getByRole('button', { name: /^Download / }).click();
  await expect(first.getByText(/✓ Downloaded · .+ at 240p/)).toBeVisible({ timeout: 30_000 });
  return panel;
}

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

test('a student downloads a lesson at 240p, plays it offline after a reload, and deleting frees the space', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { course } = await ownerOnPlayer(page, request, 'Test Automation with Playwright');
  await downloadFirstLesson(page);
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByRole('img', { name: 'downloaded' })).toHaveCount(1);

  const media: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/')) media.push(r.url());
  });
  await context.setOffline(true);
  await page.reload();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(240);
  expect(media, 'a downloaded lesson never asks the network').toEqual([]);

  // A lesson that was not downloaded says so instead of failing.
  await outline.getByRole('button').nth(1).click();
  await expect(page.getByText('Not downloaded: connect to watch')).toBeVisible();

  // My courses opens from the last answer seen.
  await page.goto('/home/my-courses');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();

  // The downloads screen lists it by course; deleting the course frees the space.
  await page.goto('/home/downloads');
  const group = page.getByRole('region', { name: course.title });
  await expect(group.getByRole('listitem')).toHaveCount(1);
  await expect(group.getByText(/240p · .+ · until /)).toBeVisible();
  const before = await usage(page);
  await group.getByRole('button', { name: 'Delete course' }).click();
  await expect(page.getByText('No downloaded lessons yet.', { exact: false })).toBeVisible();
  await expect.poll(() => usage(page), { timeout: 10_000 }).toBeLessThan(before);
});

/** How many progress saves wait in the page's IndexedDB queue. */
/** The positions of the progress saves queued on the device, oldest first (null when the store cannot be read). */
const queuedPositions = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[] | null>((resolve) => {
        const open = indexedDB.open('devlearn-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('progress').objectStore('progress').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { body: { positionSeconds: number } }[]).map((q) => q.body.positionSeconds),
            );
          all.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
const queued = async (page: Page) => (await queuedPositions(page))?.length ?? -1;

async function serverProgress(request: APIRequestContext, student: Creds, course: TestCourse) {
  const res = await apiCall<{ progress: { lastSeriesId: number | null; lastPositionSeconds: number } }>(
    request,
    '/progress/course',
    { courseId: course.id },
    student.token,
  );
  return res.progress;
}

test('progress made offline is queued and reaches the server when the connection returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { student, course } = await ownerOnPlayer(page, request, 'Docker and CI/CD Pipelines');
  await downloadFirstLesson(page);

  await context.setOffline(true);
  await page.reload();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  // The player may have saved where it was when the finished download took over the lesson.
  const before = (await serverProgress(request, student, course)).lastPositionSeconds;
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(before + 3);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  // The save made on pause is queued (the one made when playback started may be there first).
  await expect
    .poll(async () => Math.max(0, ...((await queuedPositions(page)) ?? [])))
    .toBeGreaterThan(before + 3);
  expect((await serverProgress(request, student, course)).lastPositionSeconds).toBe(before);

  await context.setOffline(false);
  await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
  const progress = await serverProgress(request, student, course);
  expect(progress.lastSeriesId).not.toBeNull();
  expect(progress.lastPositionSeconds).toBeGreaterThan(before + 2);
});

test('downloads not confirmed online for 30 days are removed at the next start, and the learner is told why', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { course } = await ownerOnPlayer(page, request, 'Software Testing Fundamentals');
  await downloadFirstLesson(page);

  // 31 days later, still offline: the app cannot confirm the course is still owned.
  await context.setOffline(true);
  await page.clock.setFixedTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
  await page.goto('/home/downloads');
  const why = /could not confirm online for 30 days/;
  await expect(page.getByRole('alert').filter({ hasText: why }).first()).toBeVisible();
  // After a reload the toast is gone; the downloads screen keeps the reason.
  await page.goto('/home/downloads');
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: why })).toBeVisible();
  await expect(page.getByRole('region', { name: course.title })).toHaveCount(0);
  await expect(page.getByText('No downloaded lessons yet.', { exact: false })).toBeVisible();
});

type StoredDownload = { seriesId: number; confirmedAt: number };
/** The download records in the page's IndexedDB. */
const downloadRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<StoredDownload[]>((resolve) => {
        const open = indexedDB.open('devlearn-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('downloads').objectStore('downloads').getAll();
          all.onsuccess = () => resolve(all.result as StoredDownload[]);
          all.onerror = () => resolve([]);
          open.result.close();
        };
        open.onerror = () => resolve([]);
      }),
  );

test('a session that ends offline still opens My courses and plays the download; back online the learner signs in again and nothing is lost', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const { student, course } = await ownerOnPlayer(page, request, 'Kubernetes for Beginners');
  await downloadFirstLesson(page);
  const [downloaded] = await downloadRecords(page);
  expect(downloaded).toBeTruthy();

  // Two hours later, offline: the session's hour is over as the app sees it (the token's exp and the stored expiry).
  await context.setOffline(true);
  await page.clock.setFixedTime(Date.now() + 2 * 60 * 60 * 1000);
  await page.goto('/home/my-courses');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/my-courses$/);
  await page.goto(`/view-course/${course.id}`);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  // The player may have saved where it was when the finished download took over the lesson.
  const before = (await serverProgress(request, student, course)).lastPositionSeconds;
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(before + 3);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  // The save made on pause is kept: queued (the one made when playback started may be there first), or, when the
  // browser's offline emulation let the request through (see below), already on the server, whose clock has not
  // moved, so it took it.
  await expect
    .poll(async () =>
      Math.max(
        0,
        ...((await queuedPositions(page)) ?? []),
        (await serverProgress(request, student, course)).lastPositionSeconds,
      ),
    )
    .toBeGreaterThan(before + 3);

  // Back online: the ended session sends the learner to the login, keeping the downloads and the queued saves. (The
  // server's figure is not checked here: the browser's offline emulation lets through the keepalive save the player
  // sends when it is left, which a real lost connection would not; the queue is what must wait.)
  await page.goto('/home/my-courses');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home/downloads');
  await expect(page.getByRole('region', { name: course.title }).getByRole('listitem')).toHaveCount(1);
  expect((await downloadRecords(page)).map((r) => r.seriesId)).toEqual([downloaded!.seriesId]);
  expect(await queued(page)).toBeGreaterThan(0);

  // Signed in again (now, so the new token is current): the saves go and the licence is confirmed again.
  await page.clock.setFixedTime(Date.now());
  await page.goto('/login');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
  expect((await serverProgress(request, student, course)).lastPositionSeconds).toBeGreaterThan(before + 2);
  await expect
    .poll(async () => (await downloadRecords(page))[0]?.confirmedAt ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(downloaded!.confirmedAt);
  await page.goto('/home/downloads');
  await expect(page.getByRole('region', { name: course.title }).getByRole('listitem')).toHaveCount(1);
});

test("an explicit logout removes the account's downloads from the device", async ({ page, request }) => {
  test.setTimeout(120_000);
  await ownerOnPlayer(page, request, 'Flutter Mobile Apps');
  await downloadFirstLesson(page);
  const [downloaded] = await downloadRecords(page);
  const master = `/offline/${downloaded!.seriesId}/master.m3u8`;
  const status = () => page.evaluate(async (url) => (await fetch(url)).status, master);
  expect(await status()).toBe(200);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(
    page.getByText('Your downloaded lessons were removed from this device when you logged out.'),
  ).toBeVisible();
  await expect.poll(() => downloadRecords(page).then((r) => r.length)).toBe(0);
  expect(await status()).toBe(404);
  await page.goto('/home/downloads');
  await expect(page.getByText('No downloaded lessons yet.', { exact: false })).toBeVisible();
});
