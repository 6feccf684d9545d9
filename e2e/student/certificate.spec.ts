import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { adminToken, apiCall, newStudent, newTutor, openAs } from '../fixtures.ts';
import { collectErrors, openHydrated } from '../hydration.ts';
import { uploadFile } from '../tutor/helpers.ts';
import { buyThroughSandbox } from './helpers.ts';

// Learning that counts (issue 32), in a real Chromium: a student watches both short lessons of a course for real
// (the server credits playback at no more than twice real time), fails its quiz once, passes it, gets the
// certificate, and a guest in another browser verifies it and downloads its PDF.

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/assets/demo');
const video = (file: string) => ({
  name: file,
  mimeType: 'video/mp4',
  buffer: readFileSync(path.join(demoDir, file)),
});

type Lesson = { id: number; title: string; durationSeconds: number | null };
type CourseAnswer = { coursesDto: { id: number; sectionDto: { id: number; seriesList: Lesson[] }[] } };

/** A tutor's approved course: one section, two short demo lessons and a quiz of two questions (3 attempts). */
async function courseWithQuiz(request: APIRequestContext) {
  const tutor = await newTutor(request);
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', {
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(path.join(demoDir, 'playwright.jpg')),
  });
  const first = await uploadFile(request, token, 'video', video('lesson-1.mp4'));
  const second = await uploadFile(request, token, 'video', video('lesson-2.mp4'));
  const title = `Certificate course ${randomUUID().slice(0, 8)}`;
  const created = await apiCall<CourseAnswer>(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A short course that ends with a certificate.',
      nairaPrice: 5000,
      courseImageUrl: image,
      courseVideoUrl: null,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [
        {
          title: 'Basics',
          seriesList: [
            { title: 'Lesson 1', videoLink: first, videoFile: 'lesson-1.mp4' },
            { title: 'Lesson 2', videoLink: second, videoFile: 'lesson-2.mp4' },
          ],
        },
      ],
    },
    token,
  );
  const course = created.coursesDto;
  await apiCall(
    request,
    '/quiz/save',
    {
      courseId: course.id,
      sectionId: course.sectionDto[0]!.id,
      quiz: {
        title: 'Quiz 1',
        passPercent: 70,
        maxAttempts: 3,
        shuffle: false,
        questions: [
          {
            type: 'single',
            text: 'What is 2 + 2?',
            options: [
              { text: '3', correct: false },
              { text: '4', correct: true },
            ],
            points: 1,
            explanation: 'Two and two make four.',
          },
          {
            type: 'truefalse',
            text: 'Lagos is in Nigeria.',
            options: [
              { text: 'True', correct: true },
              { text: 'False', correct: false },
            ],
            points: 1,
          },
        ],
      },
    },
    token,
  );
  await apiCall(request, '/course/process', { status: 'Approved', id: course.id }, await adminToken(request));
  // A lesson counts as watched against its length: wait until the server has measured both videos.
  await expect
    .poll(
      async () => {
        const c = await apiCall<CourseAnswer>(request, `/course/singlecourse/${course.id}`, undefined, token);
        return c.coursesDto.sectionDto[0]!.seriesList.every((s) => s.durationSeconds);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { id: course.id, title };
}

test('a student watches both lessons, fails the quiz, passes it and gets a certificate a guest can verify', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const course = await courseWithQuiz(request);
  const student = await newStudent(request);
  await buyThroughSandbox(request, student.token!, [course.id]);

  await openAs(page, 'user', student, `/view-course/${course.id}`);
  const note = page.locator('.completion-note');
  await expect(note).toHaveText(
    'Watch the rest of "Lesson 1" and "Lesson 2", and pass "Quiz 1" to get your certificate.',
  );
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await expect(outline.getByRole('link', { name: /Quiz: Quiz 1/ })).toBeVisible();

  // Lesson 1 plays to its end in real time (the page autoplays it); the note then names what is left.
  const player = page.locator('video');
  const play = () =>
    player.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));
  await play();
  await expect(note).toHaveText('Watch the rest of "Lesson 2" and pass "Quiz 1" to get your certificate.', {
    timeout: 40_000,
  });
  await outline.getByRole('button', { name: /Lesson 2/ }).click();
  await play();
  await expect(note).toHaveText('Pass "Quiz 1" to get your certificate.', { timeout: 40_000 });

  // The quiz, on a 360 px phone: wrong answers first.
  await page.setViewportSize({ width: 360, height: 740 });
  await outline.getByRole('link', { name: /Quiz: Quiz 1/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz 1' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const q1 = page.getByRole('group', { name: /What is 2 \+ 2\?/ });
  const q2 = page.getByRole('group', { name: /Lagos is in Nigeria/ });
  await q1.getByRole('radio', { name: '3', exact: true }).check();
  await q2.getByRole('radio', { name: 'False', exact: true }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  const failed = page.getByRole('heading', { level: 2, name: 'Not passed: 0%' });
  await expect(failed).toBeFocused();
  await expect(page.getByText('You have 2 attempts left.')).toBeVisible();
  await expect(page.getByText('Wrong', { exact: true })).toHaveCount(2);
  // Not revealed while attempts remain.
  await expect(page.getByText(/^Right answer/)).toHaveCount(0);
  await expect(page.getByText('Two and two make four.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Try again' }).click();
  await page
    .getByRole('group', { name: /What is 2 \+ 2\?/ })
    .getByRole('radio', { name: '4', exact: true })
    .check();
  await page
    .getByRole('group', { name: /Lagos is in Nigeria/ })
    .getByRole('radio', { name: 'True', exact: true })
    .check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Passed: 100%' })).toBeFocused();
  await expect(page.getByText('Two and two make four.')).toBeVisible();
  const certificateLink = page.getByRole('link', { name: 'View your certificate' });
  await expect(certificateLink).toBeVisible();
  await certificateLink.click();

  await expect(page).toHaveURL(/\/certificate\/[A-Z0-9]{10,}$/);
  const code = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: student.fullName })).toBeVisible();
  await expect(page.getByText(course.title)).toBeVisible();

  // The player and My courses lead to it too.
  await page.goto(`/view-course/${course.id}`);
  await expect(note).toContainText('You have completed this course.');
  await expect(note.getByRole('link', { name: 'View your certificate' })).toHaveAttribute(
    'href',
    `/certificate/${code}`,
  );
  await page.goto('/home/my-courses');
  await expect(page.getByRole('link', { name: `Certificate for ${course.title}` })).toHaveAttribute(
    'href',
    `/certificate/${code}`,
  );

  // The learner reads Yoruba. A guest, in another browser and in English, verifies the certificate: its words are
  // the learner's, each with the English beneath; the page around it is the guest's. Then the PDF, the same way.
  await apiCall(request, '/account/language', { language: 'yo' }, student.token!);
  const guest = await browser.newContext();
  try {
    const guestPage = await guest.newPage();
    const errors = collectErrors(guestPage);
    await openHydrated(guestPage, `/certificate/${code}`);
    expect(errors, 'the page hydrates as the server wrote it').toEqual([]);
    await expect(guestPage.getByRole('heading', { level: 1, name: student.fullName })).toBeVisible();
    await expect(guestPage.getByRole('article')).toHaveAttribute('lang', 'yo');
    await expect(guestPage.locator('.certificate-kicker')).toHaveText(
      'Ìwé-ẹ̀rí ìparí ẹ̀kọ́Certificate of completion',
    );
    await expect(guestPage.locator('.certificate-kicker .certificate-english')).toHaveText(
      'Certificate of completion',
    );
    await expect(guestPage.locator('.certificate-status')).toHaveText('Ó fẹsẹ̀ múlẹ̀Valid');
    await expect(guestPage.getByText('Valid', { exact: true })).toBeVisible();
    await guestPage.setViewportSize({ width: 360, height: 740 });
    expect(
      await guestPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expect(guestPage.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
    await expect(guestPage.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      /linkedin\.com/,
    );
    const [download] = await Promise.all([
      guestPage.waitForEvent('download'),
      guestPage.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(readFileSync(file))), { mergePages: true })
    ).text;
    expect(text).toMatch(/Ìwé-ẹ̀rí ìparí ẹ̀kọ́\s*Certificate of completion/);
    expect(text).toContain(student.fullName);
  } finally {
    await guest.close();
  }
});
