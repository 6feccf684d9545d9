import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, API, apiCall, newStudent, newTutor, openAs, type Creds } from '../fixtures.ts';

// The demo content's small, really playable videos (5 s, H.264) and cover images.
const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/assets/demo');

export type TestCourse = { id: number; title: string; nairaPrice: number };

async function upload(
  request: APIRequestContext,
  token: string,
  type: 'image' | 'video' | 'resource',
  name: string,
  mimeType: string,
  buffer: Buffer,
) {
  const res = await request.post(`${API}/images/add`, {
    headers: { apiKey: token },
    multipart: { files: { name, mimeType, buffer }, name, type },
  });
  const body = (await res.json()) as { url?: string };
  expect(res.ok(), `upload of ${name} answered ${res.status()}: ${JSON.stringify(body)}`).toBeTruthy();
  return body.url as string;
}

const demo = (file: string) => readFileSync(path.join(demoDir, file));

/**
 * A fresh tutor (or `tutor`) publishes `count` approved courses (each: 2 sections, 3 playable series, a resource file on the
 * first series); every test makes its own so specs never share purchases. With `playable`, it returns once the
 * lessons' videos are converted (a buyer's player shows 'being prepared' until then, as a tutor's new upload does).
 */
export async function createApprovedCourses(
  request: APIRequestContext,
  count: number,
  tutor: Creds | null = null,
  { playable = false }: { playable?: boolean } = {},
): Promise<TestCourse[]> {
  tutor ??= await newTutor(request);
  const token = tutor.token as string;
  const image = await upload(request, token, 'image', 'cover.jpg', 'image/jpeg', demo('playwright.jpg'));
  const lessons: string[] = [];
  for (const i of [1, 2, 3]) {
    lessons.push(
      await upload(request, token, 'video', `lesson-${i}.mp4`, 'video/mp4', demo(`lesson-${i}.mp4`)),
    );
  }
  const notes = await upload(
    request,
    token,
    'resource',
    'notes.pdf',
    'application/pdf',
    Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  );
  const admin = await adminToken(request);
  const courses: TestCourse[] = [];
  for (let n = 0; n < count; n++) {
    const title = `Student journey course ${randomUUID().slice(0, 8)}`;
    const nairaPrice = 5000 + n * 2500;
    const created = await apiCall<{ coursesDto: { id: number } }>(
      request,
      '/course/tutoraddcourses',
      {
        title,
        description: 'A course made by the student e2e tests.',
        nairaPrice,
        courseImageUrl: image,
        courseVideoUrl: lessons[0],
        courseGroup: 'QualityAssurance',
        courseCategory: 'SoftwareTester',
        sectionDto: [
          {
            title: 'Getting started',
            seriesList: [
              { title: 'Welcome', videoLink: lessons[0], videoFile: 'lesson-1.mp4', resourceFile: notes },
              { title: 'Setting up', videoLink: lessons[1], videoFile: 'lesson-2.mp4' },
            ],
          },
          { title: 'Going further', seriesList: [{ title: 'A real project', videoLink: lessons[2] }] },
        ],
      },
      token,
    );
    await apiCall(request, '/course/process', { status: 'Approved', id: created.coursesDto.id }, admin);
    courses.push({ id: created.coursesDto.id, title, nairaPrice });
  }
  if (playable) {
    await expect
      .poll(
        async () => {
          const { videos } = await apiCall<{ videos: { videoStatus: string }[] }>(
            request,
            '/video/status',
            { urls: lessons },
            token,
          );
          return videos.map((v) => v.videoStatus);
        },
        { timeout: 180_000, intervals: [500, 1000, 2000] },
      )
      .toEqual(['ready', 'ready', 'ready']);
  }
  return courses;
}

/** Adds a course to the cart from its detail page, as a student does. */
export async function addToCartFromDetail(page: Page, course: TestCourse) {
  await page.goto(`/course/${course.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart successfully!').last()).toBeVisible();
}

/** Opens the cart panel from the header and starts the checkout; ends on the sandbox payment page. */
export async function checkOutFromPanel(page: Page, items: number) {
  await page.getByRole('button', { name: `Cart, ${items} ${items === 1 ? 'item' : 'items'}` }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await panel.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
}

/** A new student signs in, puts one new approved course in the cart and checks out: ends on the payment page. */
export async function newStudentAtCheckout(page: Page, request: APIRequestContext) {
  const student = await newStudent(request);
  const [course] = await createApprovedCourses(request, 1);
  await openAs(page, 'user', student, '/');
  await addToCartFromDetail(page, course!);
  await checkOutFromPanel(page, 1);
  return { student, course: course! };
}

/** The courses the student owns, straight from the API. */
export async function ownedCourseIds(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await apiCall<{ courses: { id: number }[] }>(request, '/user/allcourses', undefined, token);
  return res.courses.map((c) => c.id);
}

/** A demo course (the seed gives each a ready HLS ladder and a free first lesson) found by its title. */
export async function demoCourse(request: APIRequestContext, title: string): Promise<TestCourse> {
  const { coursesDtos } = await apiCall<{ coursesDtos: TestCourse[] }>(request, '/course/search', {
    search: title,
    pageSize: 10,
    pageNo: 0,
  });
  const course = coursesDtos.find((c) => c.title === title);
  expect(course, `the demo course "${title}" exists`).toBeTruthy();
  return course!;
}

/** Buys courses through the API and the sandbox's Pay (its signed webhook enrols the student at once). */
export async function buyThroughSandbox(request: APIRequestContext, token: string, courseIds: number[]) {
  const charged = await apiCall<{ initializeTransactionResponse: { data: { authorization_url: string } } }>(
    request,
    '/card/charge',
    { courseIds },
    token,
  );
  const pay = await request.post(`${charged.initializeTransactionResponse.data.authorization_url}/pay`, {
    maxRedirects: 0,
  });
  expect(pay.status(), 'the sandbox accepts the payment').toBe(303);
  expect(await ownedCourseIds(request, token)).toEqual(expect.arrayContaining(courseIds));
}
