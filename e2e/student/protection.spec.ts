import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, apiCall, newStudent, openAs } from '../fixtures.ts';
import { buyThroughSandbox, demoCourse } from './helpers.ts';

// Protected video in a real Chromium: the demo lessons are encrypted (AES-128 HLS); the player fetches each key with
// a key token in the request's headers, never in a URL; a watermark names the viewer and its removal pauses the
// video; a third player of one account is refused until another stops.

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const play = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));

/** The key requests the page made: their URL and whether they carried a key token header. */
function watchKeys(page: Page) {
  const keys: { url: string; token: boolean; status?: number }[] = [];
  page.on('requestfinished', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/media/key/')) return;
    void r.allHeaders().then(async (h) => {
      keys.push({ url: r.url(), token: !!h['x-key-token'], status: (await r.response())?.status() });
    });
  });
  return keys;
}

test('a newcomer plays the demo preview lesson encrypted, under a watermark with a session code', async ({
  page,
  request,
}) => {
  const course = await demoCourse(request, 'Software Testing Fundamentals');
  const keys = watchKeys(page);
  let variant = '';
  page.on('response', async (r) => {
    if (/\/240p\/index\.m3u8$/.test(new URL(r.url()).pathname) && r.ok()) variant = await r.text();
  });
  await page.goto(`/course/${course.id}`);
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(1);

  expect(variant).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\/media\/key\/[0-9a-f-]{36}\/0"/);
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.every((k) => k.token && k.status === 200 && !/token/i.test(new URL(k.url).search))).toBe(true);
  const mark = page.getByTestId('watermark');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText(/^Guest preview · [A-Z2-9]{6}$/);
});

test('a student sees their masked email in the watermark; deleting the overlay pauses the video and tells the server', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await newStudent(request);
  const admin = adminToken(request);
  const course = await demoCourse(request, 'Test Automation with Playwright');
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, `/view-course/${course.id}`);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await video.evaluate((v: HTMLVideoElement) => (v.loop = true));
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(1);
  const mark = page.getByTestId('watermark');
  const masked = `${student.email.slice(0, 2)}•••@e•••.test`;
  await expect(mark).toHaveText(new RegExp(`^${masked.replace(/[.]/g, '\\.')} · [A-Z2-9]{6}$`));
  const code = (await mark.textContent())!.split(' · ')[1]!;
  // It moves every few seconds.
  const at = await mark.evaluate((m) => `${m.style.left} ${m.style.top}`);
  await expect
    .poll(() => mark.evaluate((m) => `${m.style.left} ${m.style.top}`), { timeout: 10_000 })
    .not.toBe(at);

  await video.evaluate((v: HTMLVideoElement) =>
    v.addEventListener('pause', () => document.body.setAttribute('data-video-paused', '1')),
  );
  const tamper = page.waitForResponse((r) => r.url().endsWith('/playback/tamper') && r.ok());
  await mark.evaluate((m) => m.remove());
  await tamper;
  await expect(page.locator('body')).toHaveAttribute('data-video-paused', '1');
  await expect(page.getByRole('alert')).toHaveText(
    /Playback paused: the viewer’s name must stay on the video\./,
  );
  await expect(video).toHaveCount(0);

  // The admin traces the code to the account, its device and the time.
  const token = await admin;
  const found = await apiCall<{ stream: { email: string; deviceName: string; tamperedAt: string | null } }>(
    request,
    '/admin/watermark',
    { code },
    token,
  );
  expect(found.stream.email).toBe(student.email);
  expect(found.stream.deviceName).toMatch(/Chrome|Chromium/);
  expect(found.stream.tamperedAt).not.toBeNull();
});

test('a third tab of the same account is refused until another stops', async ({ context, request }) => {
  test.setTimeout(90_000);
  const student = await newStudent(request);
  const course = await demoCourse(request, 'Docker and CI/CD Pipelines');
  await buyThroughSandbox(request, student.token!, [course.id]);
  const open = async () => {
    const page = await context.newPage();
    await openAs(page, 'user', student, `/view-course/${course.id}`);
    return page;
  };
  const playing = async (page: Page) => {
    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-engine', 'hls.js');
    await play(video);
    await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(0.5);
  };
  const first = await open();
  await playing(first);
  const second = await open();
  await playing(second);

  const third = await open();
  const refusal = third.getByRole('alert');
  await expect(refusal).toContainText('You are watching on 2 devices already. Stop one to watch here.');
  await expect(third.locator('video')).toHaveCount(0);

  // One stops (its tab closes): the third plays.
  await first.close();
  await third.reload();
  await playing(third);

  // A fourth is refused too, and its button ends the oldest player to watch here.
  const fourth = await open();
  await expect(fourth.getByRole('alert')).toContainText('You are watching on 2 devices already.');
  await fourth.getByRole('button', { name: 'Stop the other device and watch here' }).click();
  await playing(fourth);
});
