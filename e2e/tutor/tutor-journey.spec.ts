import { expect, test } from '@playwright/test';
import { adminToken, apiCall, newStudent, newTutor, openAs, uniqueEmail } from '../fixtures.ts';
import {
  buyThroughSandbox,
  firstGroupAndCategory,
  mp4File,
  pngFile,
  storedToken,
  uploadFile,
} from './helpers.ts';

type TutorCourse = {
  id: number;
  title: string;
  status: string;
  sectionDto: { title: string; seriesList: { title: string; videoLink: string | null }[] }[];
};

test('a tutor signs up, builds a course with uploads, edits it, deletes another, and sees the sale in earnings', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('tutor-ui');
  const password = 'Tutor1234!';
  const title = `Practical Node.js ${Date.now()}`;

  // Sign up and log in through the screens.
  await page.goto('/tutor-signup');
  await page.getByLabel('Full name').fill('Ngozi Eze');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Category').selectOption('Website development');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Age', { exact: true }).fill('31');
  await page.getByLabel('Certificate URL').fill('https://example.com/certificate.pdf');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Signup successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/tutor-login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/tutor$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Step 1: details, with the image and a promo video uploaded as they are chosen.
  await page.getByRole('link', { name: 'Create course' }).first().click();
  await expect(page.getByRole('heading', { name: 'Step 1: Course details' })).toBeVisible();
  const groupSelect = page.getByLabel('Course group');
  await expect(groupSelect.locator('option')).not.toHaveCount(1);
  await groupSelect.selectOption({ index: 1 });
  const categorySelect = page.getByLabel('Course category');
  await expect(categorySelect.locator('option')).not.toHaveCount(1);
  await categorySelect.selectOption({ index: 1 });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Build and ship a real API with Node.js.');
  await page.getByLabel('Price (₦)').fill('2500');
  await page.getByLabel(/^Course image/).setInputFiles(pngFile('cover.png'));
  await expect(page.locator('.upload-preview')).toBeVisible();
  await page.getByLabel(/^Promo video/).setInputFiles(mp4File('promo.mp4'));
  await expect(page.getByText('promo.mp4')).toBeVisible();

  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByText('promo.mp4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: one section.
  await expect(page.getByRole('heading', { name: 'Step 2: Sections' })).toBeVisible();
  await page.getByLabel('Section title').fill('Getting started');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a series with its video.
  await expect(page.getByRole('heading', { name: 'Step 3: Series' })).toBeVisible();
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByText('Section 1 must contain at least one series')).toBeVisible();
  await page.getByLabel('Series title').fill('Welcome');
  await page.getByLabel(/^Series video/).setInputFiles(mp4File('welcome.mp4'));
  await expect(page.getByText('welcome.mp4')).toBeVisible();
  await page.getByRole('button', { name: 'Add series' }).click();
  await expect(page.getByRole('list', { name: 'Series of section 1' })).toContainText('Welcome');
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/tutor\/courses$/);
  expect(await page.evaluate(() => localStorage.getItem('courseData'))).toBeNull();

  // The new course is Pending, with Edit and Delete.
  const card = page.locator('.tutor-course-card', { hasText: title });
  await expect(card.getByText('Pending')).toBeVisible();

  // A second course, made through the API, to delete.
  const token = await storedToken(page);
  const { group, category } = await firstGroupAndCategory(request);
  const spareTitle = `Spare course ${Date.now()}`;
  const image = await uploadFile(request, token, 'image', pngFile('spare.png'));
  const video = await uploadFile(request, token, 'video', mp4File('spare.mp4'));
  await apiCall(
    request,
    '/course/tutoraddcourses',
    {
      title: spareTitle,
      description: 'To be deleted.',
      nairaPrice: 1000,
      courseImageUrl: image,
      courseGroup: group,
      courseCategory: category,
      sectionDto: [{ title: 'Only', seriesList: [{ title: 'Only video', videoLink: video }] }],
    },
    token,
  );

  // Edit the first course: its title and its series (the editSeries view), saved whole.
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit course' })).toBeVisible();
  await page.getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Series', exact: true }).click();
  await page.getByRole('button', { name: 'Edit series Welcome' }).click();
  await expect(page.getByRole('heading', { name: 'Edit series' })).toBeVisible();
  await page.getByLabel('Series title').fill('Welcome to the course');
  await page.getByRole('button', { name: 'Save series' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Course updated successfully')).toBeVisible();
  const edited = `${title} (edited)`;

  const mine = await apiCall<{ coursesDtos: TutorCourse[] }>(
    request,
    '/course/alltutor',
    { pageSize: 100, pageNo: 0 },
    token,
  );
  const course = mine.coursesDtos.find((c) => c.title === edited)!;
  expect(course.status).toBe('Pending');
  expect(course.sectionDto[0]!.seriesList.map((s) => s.title)).toEqual(['Welcome to the course']);
  // The uploaded video is really there: its signed link serves byte ranges.
  const videoLink = course.sectionDto[0]!.seriesList[0]!.videoLink!;
  const media = await request.get(videoLink, { headers: { Range: 'bytes=0-99' } });
  expect(media.status()).toBe(206);
  expect((await media.body()).length).toBe(100);
  const spare = mine.coursesDtos.find((c) => c.title === spareTitle)!;

  // Delete the spare course after confirming.
  await page.getByRole('link', { name: 'My courses', exact: true }).click();
  await page.getByRole('button', { name: `Delete ${spareTitle}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete course?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Course deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: spareTitle })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: edited })).toBeVisible();
  const spareNow = await request.get(`/dl/api/v1/course/singlecourse/${spare.id}`, {
    headers: { apiKey: token },
  });
  expect(spareNow.status()).toBe(404);

  // An admin approves it; a student buys it through the sandbox.
  await apiCall(request, '/course/process', { status: 'Approved', id: course.id }, await adminToken(request));
  const student = await newStudent(request);
  await buyThroughSandbox(request, student.token!, course.id);

  // The review table and the earnings screens show the sale.
  await page.getByRole('link', { name: 'Courses review', exact: true }).click();
  const reviewRow = page.getByRole('row', { name: new RegExp(edited.replace(/[()]/g, '\\$&')) });
  await expect(reviewRow).toContainText('₦2,500');
  await expect(reviewRow).toContainText('Approved');

  await page.getByRole('link', { name: 'Earnings', exact: true }).click();
  const earningsRow = page.getByRole('row', { name: new RegExp(edited.replace(/[()]/g, '\\$&')) });
  await expect(earningsRow.getByRole('cell').nth(3)).toHaveText('1');
  // Earnings are the tutor's net: ₦2,500 less the platform's 20 %.
  await expect(earningsRow.getByRole('cell').nth(4)).toHaveText('₦2,000');
  await earningsRow.getByRole('link', { name: edited }).click();
  await expect(page).toHaveURL(new RegExp(`/tutor/course/earnings/${course.id}$`));
  const buyer = page.getByRole('row', { name: new RegExp(student.email) });
  await expect(buyer).toContainText(student.fullName);
  await expect(buyer).toContainText('₦2,000');

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.locator('.stat-card').filter({ hasText: 'Total earnings' })).toContainText('₦2,000');
});

test('a tutor saves bank details and changes the password', async ({ page, request }) => {
  const tutor = await newTutor(request);
  await openAs(page, 'tutor', tutor, '/tutor/settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank name is required')).toBeVisible();
  await page.getByLabel('Bank name').fill('Zenith Bank');
  await page.getByLabel('Account name').fill('Emeka Nwosu');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByLabel('Currency').selectOption('Naira');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account details saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Account number')).toHaveValue('0123456789');
  await expect(page.getByLabel('Currency')).toHaveValue('Naira');

  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Old password').fill(tutor.password);
  await page.getByLabel('New password', { exact: true }).fill('NewTutor123!');
  await page.getByLabel('Confirm new password').fill('NewTutor124!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('NewTutor123!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  // The session goes on with the fresh token the server handed back: the next screen still loads.
  await page.goto('/tutor/settings');
  await expect(page).toHaveURL(/\/tutor\/settings$/);
  await expect(page.getByLabel('Account number')).toHaveValue('0123456789');
  await apiCall(request, '/login/staff', { userName: tutor.email, password: 'NewTutor123!' });
});

test('an expired tutor session clears storage and goes to /login', async ({ page, request }) => {
  const tutor = await newTutor(request);
  await openAs(page, 'tutor', tutor, '/terms-and-policy');
  await page.evaluate(() =>
    localStorage.setItem('tokenExpiration', String(Math.floor(Date.now() / 1000) - 5)),
  );
  await page.goto('/tutor/courses');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
