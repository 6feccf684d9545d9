import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, newStudent, openAs } from '../fixtures.ts';
import { buyThroughSandbox, demoCourse } from './helpers.ts';

// Video lessons in a real Chromium: HLS through hls.js over the signed /media/hls/<token>/ paths, the quality menu,
// resume from My Learning and the completion percentage. The demo lessons are 12 s, 640x360, with a 240p/360p
// ladder made at start; each demo course has 4 lessons and a free first one.

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const play = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));

/** The HLS files the page fetched successfully (playlists and segments). */
function watchHls(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.ok() && /\/media\/hls\/[^/]+\/.+\.(m3u8|ts)$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test('a guest plays a free preview lesson over HLS; the other lessons stay locked', async ({
  page,
  request,
}) => {
  const course = await demoCourse(request, 'Software Testing Fundamentals');
  const hls = watchHls(page);
  await page.goto(`/course/${course.id}`);
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view-course/${course.id}\\?series=\\d+`));
  await expect(page.getByRole('heading', { level: 1, name: /Free preview/ })).toBeVisible();

  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(hls.some((u) => u.includes('master.m3u8'))).toBe(true);
  expect(hls.some((u) => u.endsWith('.ts'))).toBe(true);

  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByText('(locked)')).toHaveCount(3);
  await expect(outline.getByRole('button')).toHaveCount(1);
});

test('a student switches to 240p and the video changes rendition', async ({ page, request }) => {
  const student = await newStudent(request);
  const course = await demoCourse(request, 'Test Automation with Playwright');
  await buyThroughSandbox(request, student.token!, [course.id]);
  const hls = watchHls(page);
  await openAs(page, 'user', student, `/view-course/${course.id}`);

  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  // Keep it going while the renditions switch (the lesson lasts 12 s).
  await video.evaluate((v: HTMLVideoElement) => (v.loop = true));
  await play(video);
  const quality = page.getByLabel(/^Quality/);
  const height = () => video.evaluate((v: HTMLVideoElement) => v.videoHeight);

  await quality.selectOption('360');
  await expect.poll(height, { timeout: 20_000 }).toBe(360);
  await expect(page.getByTestId('playing-height')).toHaveText('· Playing 360p');

  await quality.selectOption('240');
  await expect(quality).toHaveValue('240');
  await expect.poll(height, { timeout: 20_000 }).toBe(240);
  await expect(page.getByTestId('playing-height')).toHaveText('· Playing 240p');
  expect(hls.some((u) => /\/240p\/[^/]+\.ts$/.test(u))).toBe(true);
  await expect(page.getByText(/at 240p/)).toBeVisible();
});

test('a student leaves mid-lesson and resumes at the same second from My Learning', async ({
  page,
  request,
}) => {
  const student = await newStudent(request);
  const course = await demoCourse(request, 'Docker and CI/CD Pipelines');
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, `/view-course/${course.id}`);

  // The second lesson, so resuming must find the lesson as well as the second.
  const { coursesDto } = await apiCall<{ coursesDto: { sectionDto: { seriesList: { title: string }[] }[] } }>(
    request,
    '/course/view/singlecourse',
    { courseId: course.id },
  );
  const lessonTitle = coursesDto.sectionDto[0]!.seriesList[1]!.title;
  const outline = page.getByRole('complementary', { name: 'Course content' });
  const second = outline.getByRole('button', { name: lessonTitle });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  const video = page.locator('video');
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(4.2);
  const saved = page.waitForResponse((r) => r.url().endsWith('/progress/update') && r.ok());
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const left = (await (await saved).json()) as { progress: { lastPositionSeconds: number } };
  const second_ = Math.floor(left.progress.lastPositionSeconds);
  expect(second_).toBeGreaterThanOrEqual(4);
  expect(second_).toBeLessThan(11);

  await page.getByRole('link', { name: 'My Learning' }).first().click();
  await expect(page).toHaveURL(/\/home\/my-courses$/);
  const resume = page.getByRole('region', { name: 'Continue where you left off' });
  await expect(resume).toContainText(lessonTitle);
  await expect(resume).toContainText(`at 0:${String(second_).padStart(2, '0')}`);
  await resume.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/view-course/${course.id}\\?series=\\d+&t=${second_}$`));
  await expect(second).toHaveAttribute('aria-current', 'true');
  // Playback starts where the student left: the first range played begins at that second.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.played.length ? v.played.start(0) : -1)), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(second_ - 0.5);
  const start = await video.evaluate((v: HTMLVideoElement) => v.played.start(0));
  expect(start).toBeLessThan(second_ + 1);
});

test('a student completes a lesson and sees the percentage rise', async ({ page, request }) => {
  const student = await newStudent(request);
  const course = await demoCourse(request, 'Product Ownership with Scrum');
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, '/home/my-courses');

  const bar = page.getByRole('progressbar', { name: `${course.title} progress` });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('link', { name: new RegExp(course.title) }).click();

  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await play(video);
  await expect.poll(() => time(video), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // Jump near the end and let it finish: 'ended' marks the lesson complete.
  const saved = page.waitForResponse(async (r) => {
    if (!r.url().endsWith('/progress/update') || !r.ok()) return false;
    const body = (await r.json()) as { progress: { percent: number } };
    return body.progress.percent > 0;
  });
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 1));
  await saved;
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByLabel('completed')).toHaveCount(1);

  await page.getByRole('link', { name: 'My Learning' }).first().click();
  await expect(bar).toHaveAttribute('aria-valuenow', '25');
  await expect(page.getByText('25% complete')).toBeVisible();
});
