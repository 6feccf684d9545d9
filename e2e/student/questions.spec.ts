import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, newStudent, newTutor, openAs, type Creds } from '../fixtures.ts';
import { approvedCourse, uniqueTitle, type PublicCourse } from '../public/helpers.ts';
import { buyThroughSandbox } from './helpers.ts';

/** A tutor's approved course bought by a new student: the two people of a Q&A thread. */
async function courseWithStudent(request: Parameters<typeof newTutor>[0]) {
  const tutor = await newTutor(request);
  const course = await approvedCourse(request, { title: uniqueTitle('Q&A course'), tutor });
  const student = await newStudent(request);
  await buyThroughSandbox(request, student.token!, [course.id]);
  return { tutor, student, course };
}

/** Opens the player's Q&A tab, asks a question there and waits for its thread. */
async function ask(page: Page, course: PublicCourse, title: string, body: string) {
  await page.goto(`/view-course/${course.id}`);
  const tab = page.getByRole('tab', { name: 'Q&A' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Ask a question' }).click();
  const form = page.getByRole('form', { name: 'Ask a question' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your question').fill(body);
  await form.getByRole('button', { name: 'Post question' }).click();
  await expect(page.getByText('Your question was posted. The tutor has been told.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]question=\d+/);
  return page.getByRole('article', { name: `Question: ${title}` });
}

test('a student asks on a lesson, the tutor answers from the inbox, the student accepts, and an announcement reaches the student', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { tutor, student, course } = await courseWithStudent(request);
  const title = 'How do I run only one test?';
  const answerText = 'Use test.only, or pass the file name:\nnpx playwright test one.spec.ts';

  await test.step('the student asks on the lesson being watched', async () => {
    await openAs(page, 'user', student, '/');
    await page.goto(`/view-course/${course.id}`);
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const form = page.getByRole('form', { name: 'Ask a question' });
    // Inline errors before anything is sent.
    await form.getByRole('button', { name: 'Post question' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByLabel('About')).toHaveValue('lesson');
    await form.getByRole('button', { name: 'Cancel' }).click();
    const thread = await ask(page, course, title, 'The docs are at https://playwright.dev/docs/intro');
    const link = thread.getByRole('link', { name: 'https://playwright.dev/docs/intro' });
    await expect(link).toHaveAttribute('rel', 'nofollow noopener');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(thread.getByText('No answers yet')).toBeVisible();
  });

  const tutorPage = await (await browser.newContext()).newPage();
  await test.step('the tutor answers it from the inbox', async () => {
    await openAs(tutorPage, 'tutor', tutor, '/tutor');
    await expect(tutorPage.getByText('Unanswered questions')).toBeVisible();
    await tutorPage
      .getByRole('navigation', { name: 'Tutor menu' })
      .getByRole('link', { name: 'Questions' })
      .click();
    await expect(tutorPage).toHaveURL(/\/tutor\/questions$/);
    const item = tutorPage.getByRole('listitem').filter({ hasText: title });
    await expect(item).toContainText('Unanswered');
    await expect(item).toContainText(course.title);
    await item.getByRole('button', { name: title }).click();
    await tutorPage.getByLabel('Your answer').fill(answerText);
    await tutorPage.getByRole('button', { name: 'Post answer' }).click();
    await expect(tutorPage.getByText('Your answer was posted.')).toBeVisible();
    const answer = tutorPage.getByRole('article').getByRole('listitem').filter({ hasText: 'test.only' });
    await expect(answer.getByText('Tutor', { exact: true })).toBeVisible();
  });

  await test.step('the student is told, votes for the answer and accepts it', async () => {
    await page.goto('/home/notifications');
    const note = page.getByRole('link', {
      name: `${tutor.fullName} (tutor) answered your question "${title}".`,
    });
    await expect(note).toBeVisible();
    await note.click();
    await expect(page).toHaveURL(new RegExp(`/view-course/${course.id}\\?.*question=\\d+`));
    const answer = page.getByRole('article').getByRole('listitem').filter({ hasText: 'test.only' });
    await expect(answer.getByText('Tutor', { exact: true })).toBeVisible();
    // Its line break is kept, as text.
    await expect(answer.locator('.user-text')).toHaveText(answerText);
    const vote = answer.getByRole('button', { name: /^Upvote answer/ });
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await vote.click();
    await expect(answer.getByRole('button', { name: 'Upvote answer: 1 vote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await answer.getByRole('button', { name: 'Accept answer' }).click();
    await expect(answer.getByText('✓ Accepted answer')).toBeVisible();
  });

  await test.step('the tutor hears the answer was accepted', async () => {
    await tutorPage.goto('/tutor/notifications');
    await expect(
      tutorPage.getByRole('link', { name: `Your answer to "${title}" was accepted.` }),
    ).toBeVisible();
  });

  const announcement = uniqueTitle('Live session on Saturday');
  await test.step('the tutor sends an announcement to the course', async () => {
    await tutorPage.goto('/tutor/courses');
    await tutorPage
      .getByRole('button', { name: `Send an announcement to the students of ${course.title}` })
      .click();
    const dialog = tutorPage.getByRole('dialog', { name: 'Send an announcement' });
    await dialog.getByLabel('Title').fill(announcement);
    await dialog.getByLabel('Message').fill('Join us at 10:00 on https://meet.example.com/qa');
    await dialog.getByRole('button', { name: 'Send announcement' }).click();
    await expect(tutorPage.getByText('Announcement sent to the students of this course.')).toBeVisible();
  });

  await test.step('the student sees it in the notifications and in the player', async () => {
    const note = page.getByRole('link', { name: `New announcement in "${course.title}": ${announcement}` });
    // Announcements go out through the job queue: the notification arrives shortly after.
    await expect(async () => {
      await page.goto('/home/notifications');
      await expect(note).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await note.click();
    await expect(page.getByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true');
    const item = page.getByRole('listitem').filter({ hasText: announcement });
    await expect(item).toContainText('Join us at 10:00');
    await expect(item.getByRole('link', { name: 'https://meet.example.com/qa' })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    );
  });
  await tutorPage.context().close();
});

test('markup in a question shows as text and never runs', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { student, course } = await courseWithStudent(request);
  const title = '<img src=x onerror=window.__xss=1>';
  const body =
    '<script>window.__xss=1</script>\n<a href="javascript:window.__xss=1">click</a> javascript:alert(1)';
  await openAs(page, 'user', student as Creds, '/');
  const thread = await ask(page, course, title, body);
  await expect(thread.getByRole('heading', { name: title })).toBeVisible();
  await expect(thread.locator('.user-text').first()).toHaveText(body);
  // Nothing of it became an element: no image, no script, no link (javascript: is never linked).
  await expect(thread.locator('img, script')).toHaveCount(0);
  await expect(thread.locator('.qa-post a')).toHaveCount(0);

  await page.getByRole('button', { name: '← All questions' }).click();
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  await expect(page.locator('.qa-panel img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

  // On a 360 px phone the tab, the list and the thread fit the width.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Ask a question' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: title }).click();
  await expect(page.getByRole('button', { name: 'Post answer' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('a reported answer reaches the admin, who hides it', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const { tutor, student, course } = await courseWithStudent(request);
  const title = uniqueTitle('Where are the slides?');
  await openAs(page, 'user', student, '/');
  await ask(page, course, title, 'I cannot find them.');
  const questionUrl = page.url();

  const tutorPage = await (await browser.newContext()).newPage();
  await openAs(tutorPage, 'tutor', tutor, new URL(questionUrl).pathname + new URL(questionUrl).search);
  await tutorPage.getByLabel('Your answer').fill('Buy cheap followers at https://spam.example.com');
  await tutorPage.getByRole('button', { name: 'Post answer' }).click();
  await expect(tutorPage.getByText('Your answer was posted.')).toBeVisible();
  await tutorPage.context().close();

  await page.reload();
  const answer = page.getByRole('article').getByRole('listitem').filter({ hasText: 'cheap followers' });
  await answer.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report answer' });
  await dialog.getByLabel('Why should an admin look at it?').fill('Spam link');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at this post.')).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await openAs(
    adminPage,
    'admin',
    { ...ADMIN, fullName: 'Admin', token: await adminToken(request) },
    '/admin',
  );
  await adminPage
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Reports' })
    .click();
  const report = adminPage.getByRole('listitem', { name: `Answer in ${course.title}` }).first();
  await expect(report).toContainText('Buy cheap followers');
  await expect(report).toContainText('Reason: Spam link');
  await report.getByRole('button', { name: `Hide this answer in ${course.title}` }).click();
  await expect(adminPage.getByText('The post is hidden. Only admins can see it now.')).toBeVisible();
  await expect(report.getByText('Hidden', { exact: true })).toBeVisible();
  await adminPage.context().close();

  // Gone for the student.
  await page.reload();
  await expect(page.getByRole('article', { name: `Question: ${title}` })).toBeVisible();
  await expect(page.getByText('cheap followers')).toHaveCount(0);
});
