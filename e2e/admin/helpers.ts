import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, API, apiCall, type Creds } from '../fixtures.ts';

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/assets/demo');
type Code = { code: string };
type TutorCourse = { id: number; title: string; status: string };

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', mp4: 'video/mp4' };

/** Uploads one demo file through `POST /images/add` (multipart) with the tutor's token; returns its url. */
async function upload(request: APIRequestContext, token: string, file: string, type: 'image' | 'video') {
  const res = await request.post(`${API}/images/add`, {
    headers: { apiKey: token },
    multipart: {
      files: {
        name: file,
        mimeType: MIME[file.split('.').pop() as string] ?? 'application/octet-stream',
        buffer: readFileSync(path.join(demoDir, file)),
      },
      name: file,
      type,
    },
  });
  const body = (await res.json()) as { url?: string };
  expect(res.ok(), `upload of ${file} answered ${res.status()}: ${JSON.stringify(body)}`).toBeTruthy();
  return body.url as string;
}

/** The first demo asset with one of these extensions (the demo content ships small images and videos). */
const firstDemo = (...exts: string[]) => {
  const files = readdirSync(demoDir).sort();
  const name = exts.map((ext) => files.find((f) => f.endsWith(ext))).find(Boolean);
  if (!name) throw new Error(`No ${exts.join(' or ')} file in ${demoDir}`);
  return name;
};

/** A tutor creates a Pending course with an image, a promo video and one section of one video series. */
export async function createPendingCourse(request: APIRequestContext, tutor: Creds, title: string) {
  const token = tutor.token as string;
  const image = await upload(request, token, firstDemo('.png', '.jpg'), 'image');
  const video = await upload(request, token, firstDemo('.mp4'), 'video');
  const { courseGroups } = await apiCall<{ courseGroups: Code[] }>(request, '/course/allcoursegroups');
  const group = courseGroups[0]!.code;
  const { courseCategories } = await apiCall<{ courseCategories: Code[] }>(
    request,
    `/course/allcourseCategory/${encodeURIComponent(group)}`,
  );
  await apiCall(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: 'A course made by the admin review test.',
      nairaPrice: 7500,
      courseImageUrl: image,
      courseVideoUrl: video,
      courseGroup: group,
      courseCategory: courseCategories[0]!.code,
      sectionDto: [{ title: 'Getting started', seriesList: [{ title: 'Welcome video', videoLink: video }] }],
    },
    token,
  );
  return tutorCourse(request, tutor, title);
}

/** The tutor's own view of a course (`POST /course/alltutor`), found by title. */
export async function tutorCourse(
  request: APIRequestContext,
  tutor: Creds,
  title: string,
): Promise<TutorCourse> {
  const { coursesDtos } = await apiCall<{ coursesDtos: TutorCourse[] }>(
    request,
    '/course/alltutor',
    { pageSize: 100, pageNo: 0 },
    tutor.token,
  );
  const course = coursesDtos.find((c) => c.title === title);
  expect(course, `the tutor's list holds "${title}"`).toBeTruthy();
  return course as TutorCourse;
}

/** Public search without a token: the titles a guest finds for `term`. */
export async function publicSearch(request: APIRequestContext, term: string): Promise<string[]> {
  const { coursesDtos } = await apiCall<{ coursesDtos: { title: string }[] }>(request, '/course/search', {
    search: term,
    pageSize: 10,
    pageNo: 0,
  });
  return coursesDtos.map((c) => c.title);
}

/** Logs the admin in through the /admin-login screen. */
export async function adminLogin(page: Page) {
  await page.goto('/admin-login');
  const form = page.locator('form', { has: page.getByLabel('Password', { exact: true }) });
  await form.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Finds a course by the admin search box on /admin/courses and answers its table row. */
export async function findInAdminTable(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/\/admin\/courses/);
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(title);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}
