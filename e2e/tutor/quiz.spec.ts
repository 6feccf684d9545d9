import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiCall, newTutor, openAs } from '../fixtures.ts';
import { mp4File, pngFile, uploadFile } from './helpers.ts';

// A tutor adds a quiz to a section of their course on the edit screen, on a 360 px phone, and finds its results.
test.use({ viewport: { width: 360, height: 740 } });

type QuizAnswer = {
  quiz: {
    title: string;
    passPercent: number;
    questions: { type: string; options: { correct?: boolean }[] }[];
  };
};

test('a tutor adds a quiz to a section and sees its results page', async ({ page, request }) => {
  const tutor = await newTutor(request);
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', pngFile('cover.png'));
  const lesson = await uploadFile(request, token, 'video', mp4File('intro.mp4'));
  const title = `Quiz course ${randomUUID().slice(0, 8)}`;
  const created = await apiCall<{ coursesDto: { id: number } }>(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A course that gets a quiz.',
      nairaPrice: 4000,
      courseImageUrl: image,
      courseVideoUrl: null,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [{ title: 'Colours', seriesList: [{ title: 'Intro', videoLink: lesson }] }],
    },
    token,
  );
  const courseId = created.coursesDto.id;

  await openAs(page, 'tutor', tutor, `/tutor/edit-course/${courseId}`);
  await page.getByRole('button', { name: 'Quizzes' }).click();
  await expect(page.getByText('No quizzes in this section.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a quiz to section 1' }).click();

  // Saving an empty quiz shows what is missing, next to each field.
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(page.getByText('Quiz title is required')).toBeVisible();
  await expect(page.getByText('Question text is required')).toBeVisible();

  await page.getByLabel('Quiz title').fill('Colour check');
  await expect(page.getByLabel('Pass mark (%)')).toHaveValue('70');
  await page.getByLabel('Maximum attempts (0 = unlimited)').fill('3');
  const q1 = page.getByRole('group', { name: 'Question 1' });
  await q1.getByLabel('Question', { exact: true }).fill('Which colour is the sky on a clear day?');
  await q1.getByLabel('Option 1', { exact: true }).fill('Green');
  await q1.getByLabel('Option 2', { exact: true }).fill('Blue');
  await q1.getByLabel('Option 2 is the right one').check();
  await q1.getByLabel(/^Explanation/).fill('Sunlight scatters blue the most.');

  await page.getByRole('button', { name: 'Add question' }).click();
  const q2 = page.getByRole('group', { name: 'Question 2' });
  await q2.getByLabel('Type').selectOption('truefalse');
  await q2.getByLabel('Question', { exact: true }).fill('Grass is green.');
  await q2.getByLabel('True').check();

  // Usable at 360 px: nothing runs off the side of the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Each question type's name fits the closed list (its width inside the padding and Chromium's arrow).
  const clipped = await q1.getByLabel('Type').evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const text = document.createElement('canvas').getContext('2d')!;
    text.font = style.font;
    const arrow = 24;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return Array.from(select.options)
      .filter((o) => text.measureText(o.text).width > room)
      .map((o) => o.text);
  });
  expect(clipped).toEqual([]);

  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(page.getByText('Quiz saved').last()).toBeVisible();
  await expect(page.getByText('Colour check')).toBeVisible();
  await expect(page.getByText('2 questions · pass mark 70%')).toBeVisible();

  // What the server stored, as its tutor gets it.
  const outline = await apiCall<{ coursesDto: { sectionDto: { quizzes?: { id: number }[] }[] } }>(
    request,
    `/course/singlecourse/${courseId}`,
    undefined,
    token,
  );
  const quizId = outline.coursesDto.sectionDto[0]!.quizzes![0]!.id;
  const { quiz } = await apiCall<QuizAnswer>(request, '/quiz/get', { quizId }, token);
  expect(quiz.title).toBe('Colour check');
  expect(quiz.questions.map((q) => q.type)).toEqual(['single', 'truefalse']);
  expect(quiz.questions[0]!.options.map((o) => o.correct)).toEqual([false, true]);
  expect(quiz.questions[1]!.options.map((o) => o.correct)).toEqual([true, false]);

  // The course list leads to the quiz results.
  await page.goto('/tutor/courses');
  await page.getByRole('link', { name: `Quiz results of ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Quiz results: ${title}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Colour check' })).toBeVisible();
  await expect(page.getByText('Which colour is the sky on a clear day?')).toBeVisible();
});
