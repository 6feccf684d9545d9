import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, apiCall, newStudent, newTutor, openAs, type Creds } from '../fixtures.ts';
import { mp4File, pngFile, uploadFile } from './helpers.ts';

/** An approved ₦8,000 course of `tutor`, made through the API. */
async function approvedCourse(request: APIRequestContext, tutor: Creds) {
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', pngFile('cover.png'));
  const video = await uploadFile(request, token, 'video', mp4File('lesson.mp4'));
  const title = `Coupon course ${randomUUID().slice(0, 8)}`;
  const created = await apiCall<{ coursesDto: { id: number } }>(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A course sold with a coupon in the e2e tests.',
      nairaPrice: 8000,
      courseImageUrl: image,
      courseVideoUrl: video,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [{ title: 'Start', seriesList: [{ title: 'Welcome', videoLink: video }] }],
    },
    token,
  );
  const id = created.coursesDto.id;
  await apiCall(request, '/course/process', { status: 'Approved', id }, await adminToken(request));
  return { id, title };
}

test('a tutor makes a coupon, a student buys with its link at the discounted price, the chart shows the sale', async ({
  page,
  request,
}) => {
  const tutor = await newTutor(request);
  const course = await approvedCourse(request, tutor);
  const code = `SAVE${randomUUID().slice(0, 6).replace(/-/g, '').toUpperCase()}`;

  // The tutor makes a 25 % coupon for the course.
  await openAs(page, 'tutor', tutor, `/tutor/coupons?course=${course.id}`);
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off (1–100)').fill('25');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();

  // A student opens the coupon link: the price is struck through with the saving.
  const student = await newStudent(request);
  await openAs(page, 'user', student, `/course/${course.id}?coupon=${code.toLowerCase()}`);
  await expect(page.getByText(`You save ₦2,000 with ${code}`)).toBeVisible();
  await expect(page.locator('.course-detail-price')).toContainText('₦6,000');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel.getByText(`Coupon ${code} applied`)).toBeVisible();
  await expect(panel.getByText('You save ₦2,000')).toBeVisible();
  await panel.getByRole('button', { name: 'Check out' }).click();

  // The sandbox asks for the discounted amount; paying enrols the student.
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await expect(page.locator('.amount')).toHaveText('₦6,000.00');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The tutor's dashboard counts the sale; its Total earnings and its chart's table view show the tutor's net
  // (80 % of the ₦6,000 paid).
  await openAs(page, 'tutor', tutor, '/tutor');
  await expect(page.getByTestId('stat-sales')).toHaveText('1');
  await expect(page.getByText('Total earnings').locator('..')).toContainText('₦4,800');
  const revenue = page.getByRole('figure', { name: 'Gross sales and earnings' });
  await revenue.getByText('Table view').click();
  await expect(revenue.getByRole('cell', { name: '₦4,800' })).toBeVisible();
  const uses = page.getByRole('figure', { name: 'Coupon uses' });
  await uses.getByText('Table view').click();
  await expect(uses.getByRole('rowheader', { name: code })).toBeVisible();
});
