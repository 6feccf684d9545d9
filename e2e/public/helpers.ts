import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { adminToken, API, apiCall, newTutor, type Creds } from '../fixtures.ts';

// The smallest files the server's type sniffing accepts as PNG and MP4.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(4000, 7),
]);

export type PublicCourse = { id: number; title: string; nairaPrice: number; author: string };

async function upload(request: APIRequestContext, token: string, type: 'image' | 'video') {
  const [name, mimeType, buffer] =
    type === 'image' ? ['cover.png', 'image/png', PNG] : ['lesson.mp4', 'video/mp4', MP4];
  const res = await request.post(`${API}/images/add`, {
    headers: { apiKey: token },
    multipart: { files: { name, mimeType, buffer }, name, type },
  });
  const body = (await res.json()) as { url?: string };
  expect(res.ok(), `upload answered ${res.status()}: ${JSON.stringify(body)}`).toBeTruthy();
  return body.url as string;
}

/** The group a category code belongs to, looked up through the public calls. */
async function groupOf(request: APIRequestContext, category: string): Promise<string> {
  const { courseGroups } = await apiCall<{ courseGroups: { code: string }[] }>(
    request,
    '/course/allcoursegroups',
  );
  for (const g of courseGroups) {
    const { courseCategories } = await apiCall<{ courseCategories: { code: string }[] }>(
      request,
      `/course/allcourseCategory/${encodeURIComponent(g.code)}`,
    );
    if (courseCategories.some((c) => c.code === category)) return g.code;
  }
  throw new Error(`No group holds category ${category}`);
}

/**
 * The public routes a guest reaches from the header, the footer and the demo content (the specs that read every
 * route of a role start from them): the server-rendered pages, the sign-in and sign-up screens.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/course/1',
  '/category/SoftwareTester',
  '/search?q=software',
  '/categories',
  '/teaching',
  '/privacy',
  '/terms-and-policy',
  '/login',
  '/signup',
  '/tutor-login',
  '/tutor-signup',
  '/admin-login',
  '/forgot-password',
];

/** A unique, searchable course title for this test. */
export const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

/** A fresh tutor creates a course in `category` and the admin approves it; answers what a student sees. */
export async function approvedCourse(
  request: APIRequestContext,
  {
    title,
    category = 'BackendEngineer',
    nairaPrice = 15000,
    tutor,
    language,
  }: {
    title: string;
    category?: string;
    nairaPrice?: number;
    tutor?: Creds;
    /** The language it is taught in (a tag), when not English. */
    language?: string;
  },
): Promise<PublicCourse> {
  const owner = tutor ?? (await newTutor(request));
  const token = owner.token as string;
  const [image, video] = [await upload(request, token, 'image'), await upload(request, token, 'video')];
  await apiCall(
    request,
    '/course/tutoraddcourses',
    {
      title,
      description: `What you will learn in ${title}.`,
      nairaPrice,
      ...(language ? { language } : {}),
      courseImageUrl: image,
      courseGroup: await groupOf(request, category),
      courseCategory: category,
      sectionDto: [
        { title: 'Getting started', seriesList: [{ title: 'Welcome and setup', videoLink: video }] },
        { title: 'Going further', seriesList: [{ title: 'A real project', videoLink: video }] },
      ],
    },
    token,
  );
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number; title: string }[] }>(
    request,
    '/course/alltutor',
    { pageSize: 100, pageNo: 0 },
    token,
  );
  const id = coursesDtos.find((c) => c.title === title)?.id;
  expect(id, `the tutor's list holds "${title}"`).toBeTruthy();
  await apiCall(request, '/course/process', { status: 'Approved', id }, await adminToken(request));
  return { id: id as number, title, nairaPrice, author: owner.fullName };
}
