import { expect, test, type Locator, type Page } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';
import { buyThroughSandbox, demoCourse } from './helpers.ts';

// Captions in a real Chromium: the demo course "Kubernetes for Beginners" has English and Pidgin captions on every
// lesson, served as subtitle renditions of its lessons' HLS. The CC menu, the cues on the video, the transcript
// beside it, the course's transcript search, and the same captions with the network off after a download.

const COURSE = 'Kubernetes for Beginners';
const PIDGIN_LESSON_1 = [
  'Welcome to Kubernetes for Beginners o.',
  'Why Kubernetes? Your app dey run inside containers, for plenty machines.',
  'Kubernetes go restart anything wey crash, e go share di load well well.',
  'Next one, we go meet pods and deployments.',
];

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const play = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));
/** The showing text track's label and the cue it shows now (what a viewer reads on the video). */
const shownCue = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const track = Array.from(v.textTracks).find((t) => t.mode === 'showing');
    const cue = track?.activeCues?.[0] as VTTCue | undefined;
    return track ? `${track.label}: ${cue?.text ?? ''}` : null;
  });

async function ownerOfCourse(page: Page, request: Parameters<typeof newStudent>[0]) {
  const student = await newStudent(request);
  const course = await demoCourse(request, COURSE);
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, `/view-course/${course.id}`);
  return { student, course };
}

test('a student turns on Pidgin captions, reads and clicks the transcript, and searches the course', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { course } = await ownerOfCourse(page, request);
  await expect(page.getByRole('heading', { level: 1, name: 'Why Kubernetes' })).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');

  const menu = page.getByRole('combobox', { name: 'Captions' });
  await expect(menu.getByRole('option')).toHaveText(['Off', 'English', 'Naijá']);
  await expect(menu).toHaveValue('off');
  await menu.selectOption({ label: 'Naijá' });
  await play(video);
  await expect
    .poll(() => shownCue(video), { timeout: 20_000 })
    .toMatch(new RegExp(`^Naijá: (${PIDGIN_LESSON_1.map((l) => l.replace(/[.?]/g, '\\$&')).join('|')})$`));

  // The transcript lists the Pidgin cues; a click on a line seeks there.
  const transcript = page.getByRole('region', { name: 'Transcript', exact: true });
  await expect(transcript.getByRole('button')).toHaveCount(4);
  await expect(transcript.getByRole('listitem').first()).toContainText(PIDGIN_LESSON_1[0]!);
  await transcript.getByRole('button', { name: /Next one, we go meet pods/ }).click();
  await expect.poll(() => time(video)).toBeGreaterThanOrEqual(9.4);
  await expect(transcript.getByRole('button', { name: /Next one, we go meet pods/ })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The choice is remembered: the next lesson opens with Pidgin captions.
  await page.getByRole('button', { name: 'Next ›' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pods and deployments' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Captions' })).toHaveValue('pcm');
  await expect(page.getByRole('region', { name: 'Transcript', exact: true })).toContainText(
    'Deployment go do am for you.',
  );

  // The course's transcripts: a hit opens its lesson at that second.
  const search = page.getByRole('region', { name: 'Search the course transcripts' });
  await search.getByRole('searchbox', { name: 'Words said in the course' }).fill('rollout undo');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByRole('status')).toHaveText('2 lines found');
  await expect(
    search.getByText('kubectl rollout undo go carry you back to di last version wey work.'),
  ).toBeVisible();
  await search.getByRole('link', { name: 'Rolling updates · 0:09' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/view-course/${course.id}\\?series=\\d+&t=9$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rolling updates' })).toBeVisible();
  await play(page.locator('video'));
  await expect.poll(() => time(page.locator('video')), { timeout: 20_000 }).toBeGreaterThanOrEqual(9);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a downloaded lesson keeps its captions and transcript with the network off', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    // As the offline spec does: the worker takes the page on My courses (one player open, so one stream).
    const student = await newStudent(request);
    const course = await demoCourse(request, COURSE);
    await buyThroughSandbox(request, student.token!, [course.id]);
    await openAs(page, 'user', student, '/home/my-courses');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
    });
    // Seen once under the worker, so My courses and the course open offline from these answers.
    await page.reload();
    await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
    await page.goto(`/view-course/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Why Kubernetes' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Download for offline' });
    await panel.getByLabel('Download quality').selectOption('240');
    const first = panel.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Download / }).click();
    await expect(first.getByText(/✓ Downloaded · .+ at 240p/)).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.goto(`/view-course/${course.id}`);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('data-engine', 'hls.js');
    const menu = page.getByRole('combobox', { name: 'Captions' });
    await expect(menu.getByRole('option')).toHaveText(['Off', 'English', 'Naijá']);
    await menu.selectOption({ label: 'Naijá' });
    await expect(page.getByRole('region', { name: 'Transcript', exact: true })).toContainText(
      PIDGIN_LESSON_1[1]!,
    );
    await play(video);
    await expect.poll(() => shownCue(video), { timeout: 20_000 }).toMatch(/^Naijá: .+/);
  });
});
