import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken, apiCall, newStudent, newTutor, openAs, type Creds } from '../fixtures.ts';
import { uploadFile } from '../tutor/helpers.ts';
import { buyThroughSandbox } from './helpers.ts';

// Graded work (issue 47), in a real Chromium on a 360 px phone: a student hands in a file, an assistant grades it
// with the rubric and returns it, the student resubmits, the course's tutor passes it, and the certificate is issued.

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/assets/demo');
const PHONE = { width: 360, height: 740 };
/** A minimal PDF: the server checks a submission by its bytes. */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
});

type CourseAnswer = {
  coursesDto: { id: number; sectionDto: { id: number; seriesList: { durationSeconds: number | null }[] }[] };
};

/** A tutor's approved course: one short lesson and a required file assignment graded with a two-criterion rubric. */
async function gradedCourse(request: APIRequestContext, tutor: Creds) {
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', {
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(path.join(demoDir, 'playwright.jpg')),
  });
  const lesson = await uploadFile(request, token, 'video', {
    name: 'lesson-1.mp4',
    mimeType: 'video/mp4',
    buffer: readFileSync(path.join(demoDir, 'lesson-1.mp4')),
  });
  const title = `Graded course ${randomUUID().slice(0, 8)}`;
  const created = await apiCall<CourseAnswer>(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A short course whose certificate waits for a project.',
      nairaPrice: 5000,
      courseImageUrl: image,
      courseVideoUrl: null,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [
        {
          title: 'Pipelines',
          seriesList: [{ title: 'Lesson 1', videoLink: lesson, videoFile: 'lesson-1.mp4' }],
        },
      ],
    },
    token,
  );
  const course = created.coursesDto;
  await apiCall(
    request,
    '/assignment/save',
    {
      courseId: course.id,
      sectionId: course.sectionDto[0]!.id,
      assignment: {
        title: 'Build a CI pipeline',
        instructions: 'Hand in a PDF describing your pipeline.',
        submissionType: 'file',
        grading: 'rubric',
        rubric: [
          {
            title: 'Pipeline runs',
            levels: [
              { title: 'Missing', points: 0 },
              { title: 'Works', points: 8 },
            ],
          },
          {
            title: 'Readable code',
            levels: [
              { title: 'Hard to read', points: 2 },
              { title: 'Clear', points: 8 },
            ],
          },
        ],
        passPoints: 10,
        maxResubmissions: 1,
        requiredForCertificate: true,
      },
    },
    token,
  );
  await apiCall(request, '/course/process', { status: 'Approved', id: course.id }, await adminToken(request));
  // The lesson counts as watched against its length: wait until the server has measured it.
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

/** A page of its own (a person of their own) on a 360 px phone, signed in as `role`. */
async function phone(browser: Browser, role: 'user' | 'tutor', creds: Creds, at: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await openAs(page, role, creds, at);
  return page;
}

const fitsThePhone = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

/** The grader opens the oldest waiting work from the queue, scores the rubric, writes feedback and decides. */
async function grade(page: Page, levels: [string, string], feedback: string, outcome: string) {
  await page.goto('/tutor/grading');
  await page
    .getByRole('link', { name: /^Grade .*'s work on Build a CI pipeline$/ })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Grade this work' });
  await expect(form).toBeVisible();
  await fitsThePhone(page);
  await form.getByRole('radio', { name: levels[0] }).check();
  await form.getByRole('radio', { name: levels[1] }).check();
  await form.getByRole('textbox', { name: 'Feedback for the student' }).fill(feedback);
  await form.getByRole('button', { name: outcome }).click();
}

test('a student submits a file, an assistant returns it, the student resubmits, the tutor passes it: certificate', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const tutor = await newTutor(request);
  const course = await gradedCourse(request, tutor);
  const assistant = await newTutor(request);
  const student = await newStudent(request);
  await buyThroughSandbox(request, student.token!, [course.id]);

  // The tutor invites the assistant by email on the course's Assistants screen: a tutor account is added at once.
  const tutorPage = await phone(browser, 'tutor', tutor, `/tutor/assistants?course=${course.id}`);
  await tutorPage.getByLabel('Invite by email').fill(assistant.email);
  await tutorPage.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(tutorPage.getByText(`${assistant.email} is now an assistant on this course.`)).toBeVisible();
  await expect(tutorPage.getByRole('cell', { name: assistant.email })).toBeVisible();
  await fitsThePhone(tutorPage);

  // The student watches the lesson; the player then names the assignment as what is left.
  await page.setViewportSize(PHONE);
  await openAs(page, 'user', student, `/view-course/${course.id}`);
  const note = page.locator('.completion-note');
  await expect(note).toHaveText(
    'Watch the rest of "Lesson 1", and pass the assignment "Build a CI pipeline" to get your certificate.',
  );
  await page
    .locator('video')
    .evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined));
  await expect(note).toHaveText('Pass the assignment "Build a CI pipeline" to get your certificate.', {
    timeout: 40_000,
  });

  // The assignment page: a file refused by its bytes, then a PDF handed in.
  const outline = page.getByRole('complementary', { name: 'Course content' });
  await outline.getByRole('link', { name: /Assignment: Build a CI pipeline/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Build a CI pipeline' })).toBeVisible();
  await fitsThePhone(page);
  await page.getByLabel('Your file').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just text, not a PDF'),
  });
  await expect(page.getByRole('alert')).toContainText('This file type is not allowed.');
  await page.getByLabel('Your file').setInputFiles(pdf('pipeline.pdf'));
  await expect(page.getByRole('link', { name: 'pipeline.pdf' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Your work is submitted.', { exact: true })).toBeVisible();

  // The assistant grades it with the rubric and returns it.
  const assistantPage = await phone(browser, 'tutor', assistant, '/tutor/grading');
  await grade(
    assistantPage,
    ['Works · 8 points', 'Hard to read · 2 points'],
    'Name your jobs clearly.',
    'Return for resubmission',
  );
  await expect(assistantPage.getByText('Work returned')).toBeVisible();

  // The student sees the score per criterion and the feedback, and resubmits.
  await page.reload();
  const returned = page.locator('.assignment-returned');
  await expect(returned).toContainText('Your work was returned.');
  await expect(returned).toContainText('Score: 10 of 16');
  await expect(returned).toContainText('Hard to read: 2 of 8');
  await expect(returned).toContainText('Name your jobs clearly.');
  await expect(returned).toContainText(`by ${assistant.fullName}`);
  await page.getByLabel('Replace your file').setInputFiles(pdf('pipeline-v2.pdf'));
  await expect(page.getByRole('link', { name: 'pipeline-v2.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText('Your work is submitted.', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Attempt 1' })).toContainText('Returned for resubmission');

  // The course's tutor passes it: the pass completes the course.
  await grade(tutorPage, ['Works · 8 points', 'Clear · 8 points'], 'Well done.', 'Pass');
  await expect(tutorPage.getByText('the certificate is issued')).toBeVisible();

  // The student's player says the course is complete and links the certificate.
  await page.goto(`/view-course/${course.id}`);
  await expect(page.locator('.completion-note')).toContainText('You have completed this course.');
  await page.getByRole('link', { name: 'View your certificate' }).click();
  await expect(page).toHaveURL(/\/certificate\/[A-Z0-9]{12}$/);
  await expect(page.getByText(student.fullName).first()).toBeVisible();

  // The gradebook: the tutor's row of the student, and the student's own row.
  await tutorPage.goto(`/tutor/gradebook?course=${course.id}`);
  const row = tutorPage.getByRole('row').filter({ hasText: student.fullName });
  await expect(row).toContainText('16 of 16 · Passed');
  await expect(row).toContainText('100%');
  await fitsThePhone(tutorPage);
  await page.goto(`/home/grades/${course.id}`);
  await expect(page.getByText('Assignment: Build a CI pipeline')).toBeVisible();
  await expect(page.locator('.my-grade').filter({ hasText: 'Build a CI pipeline' })).toContainText(
    '16 of 16 · Passed',
  );
});
