import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { API_BASE } from '@app/contract/endpoints';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { TCourseStatus } from '@app/contract/courses';
import type { OpRequest } from '@app/contract/operations';
import { courseCategories, courses, media, sections, series } from '../src/db/schema.ts';
import { enrolments } from '../src/db/schema-money.ts';
import { searchTextOf } from '../src/commands/refresh-search-text.ts';
import type { TestAccount } from './factories.ts';
import type { TestApp } from './harness.ts';

export type TestCourse = {
  id: number;
  title: string;
  tutorId: number;
  status: TCourseStatus;
  nairaPrice: number;
  categoryCode: string;
  imageKey: string;
  videoKey: string;
  /** Storage keys of the series videos, in outline order. */
  seriesVideoKeys: string[];
};

// Smallest files that file-type recognises as PNG and MP4 (the upload tests send them too).
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(4000, 7),
]);

/** Stores a small file through the app's storage and records it in `media` as the owner's upload. */
export async function buildMedia(
  t: TestApp,
  owner: Pick<TestAccount, 'id'>,
  kind: 'image' | 'video' | 'resource' = 'video',
): Promise<string> {
  const [folder, ext, type, bytes] =
    kind === 'image'
      ? (['images', 'png', 'image/png', PNG_BYTES] as const)
      : kind === 'video'
        ? (['videos', 'mp4', 'video/mp4', MP4_BYTES] as const)
        : (['resources', 'pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%test\n')] as const);
  const key = `${folder}/${randomUUID()}.${ext}`;
  const { size } = await t.ctx.storage.put(key, Readable.from([bytes]), type);
  await t.ctx.db.insert(media).values({ key, kind, ownerId: owner.id, contentType: type, size });
  return key;
}

/**
 * Inserts a course straight into the database (with stored media, 2 sections x 2 series), bypassing the
 * create call. Defaults: status Approved, ₦5,000, category BackendEngineer.
 */
export async function buildCourse(
  t: TestApp,
  tutor: Pick<TestAccount, 'id' | 'fullName'>,
  over: {
    title?: string;
    status?: TCourseStatus;
    nairaPrice?: number;
    category?: string;
    description?: string;
    createdAt?: Date;
    language?: string;
  } = {},
): Promise<TestCourse> {
  const title = over.title ?? `Course ${randomUUID().slice(0, 8)}`;
  const status = over.status ?? 'Approved';
  const nairaPrice = over.nairaPrice ?? 5000;
  const categoryCode = over.category ?? 'BackendEngineer';
  const [category] = await t.ctx.db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.code, categoryCode));
  if (!category) throw new Error(`No category ${categoryCode}`);
  const imageKey = await buildMedia(t, tutor, 'image');
  const videoKey = await buildMedia(t, tutor, 'video');
  const [course] = await t.ctx.db
    .insert(courses)
    .values({
      tutorId: tutor.id,
      title,
      description: over.description ?? `All about ${title}.`,
      priceKobo: Math.round(nairaPrice * 100),
      imageRef: imageKey,
      videoRef: videoKey,
      categoryId: category.id,
      status,
      searchText: searchTextOf(title, tutor.fullName),
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
      ...(over.language ? { language: over.language } : {}),
    })
    .returning({ id: courses.id });
  const seriesVideoKeys: string[] = [];
  for (let s = 1; s <= 2; s++) {
    const [section] = await t.ctx.db
      .insert(sections)
      .values({ courseId: course!.id, position: s, title: `Section ${s}` })
      .returning({ id: sections.id });
    for (let n = 1; n <= 2; n++) {
      const key = await buildMedia(t, tutor, 'video');
      seriesVideoKeys.push(key);
      await t.ctx.db
        .insert(series)
        .values({ sectionId: section!.id, position: n, title: `Lesson ${s}.${n}`, videoRef: key });
    }
  }
  // Written straight to the database, past the commands: drop cached answers as a command would.
  await t.ctx.cache.invalidateCourse(course!.id, { listing: categoryCode, search: true });
  return {
    id: course!.id,
    title,
    tutorId: tutor.id,
    status,
    nairaPrice,
    categoryCode,
    imageKey,
    videoKey,
    seriesVideoKeys,
  };
}

/** An Approved course of `tutor`, ready to be bought. */
export const buildApprovedCourse = (
  t: TestApp,
  tutor: Pick<TestAccount, 'id' | 'fullName'>,
  over: Omit<Parameters<typeof buildCourse>[2], 'status'> = {},
) => buildCourse(t, tutor, { ...over, status: 'Approved' });

/** Records that `student` owns `course` (as a fulfilled payment would), paying its price unless told otherwise. */
export async function buildEnrolment(
  t: TestApp,
  student: Pick<TestAccount, 'id'>,
  course: Pick<TestCourse, 'id' | 'nairaPrice'>,
  pricePaidNaira = course.nairaPrice,
): Promise<void> {
  await t.ctx.db
    .insert(enrolments)
    .values({ studentId: student.id, courseId: course.id, pricePaidKobo: Math.round(pricePaidNaira * 100) });
  await t.ctx.cache.invalidateCourse(course.id);
}

export type UploadAnswer = { responseDto: { code: string; message: string }; url?: string };

/** POSTs a multipart `form` to /images/add with `token` over real HTTP; answers the status and the JSON body. */
export async function postUploadForm(
  t: TestApp,
  token: string,
  form: FormData,
): Promise<{ status: number; body: UploadAnswer }> {
  const res = await fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.upload.path}`, {
    method: PLAIN_ROUTES.upload.method,
    headers: { apiKey: token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as UploadAnswer };
}

/** Uploads `bytes` through POST /images/add as multipart (type first, then the file) over real HTTP. */
export function upload(t: TestApp, token: string, type: string, bytes: Buffer, filename = 'file.bin') {
  const form = new FormData();
  form.append('type', type);
  form.append('name', filename);
  form.append('files', new Blob([new Uint8Array(bytes)]), filename);
  return postUploadForm(t, token, form);
}

/** A valid body of `createCourse` made of fresh uploads by `tutor`, with `over` written over it. */
export async function courseInput<O extends Record<string, unknown> = Record<never, never>>(
  t: TestApp,
  tutor: Pick<TestAccount, 'token'>,
  over: O = {} as O,
): Promise<Omit<CourseBody, keyof NoInfer<O>> & NoInfer<O>> {
  const image = await upload(t, tutor.token, 'image', PNG_BYTES, 'cover.png');
  const video = await upload(t, tutor.token, 'video', MP4_BYTES, 'promo.mp4');
  const lesson = await upload(t, tutor.token, 'video', MP4_BYTES, 'lesson.mp4');
  if (!image.body.url || !video.body.url || !lesson.body.url) throw new Error('upload failed');
  return { ...courseBody(image.body.url, video.body.url, lesson.body.url), ...over };
}

const courseBody = (imageUrl: string, videoUrl: string, lessonUrl: string): CourseBody => ({
  title: `Course ${randomUUID().slice(0, 8)}`,
  description: 'Learn it well.',
  nairaPrice: 15000,
  courseImageUrl: imageUrl,
  courseVideoUrl: videoUrl,
  courseGroup: 'SoftwareEngineering',
  courseCategory: 'BackendEngineer',
  sectionDto: [
    {
      title: 'Getting started',
      seriesList: [{ title: 'Welcome', videoLink: lessonUrl, videoFile: 'lesson.mp4' }],
    },
  ],
});
type CourseInput = OpRequest<'createCourse'>;
type SeriesInput = NonNullable<NonNullable<CourseInput['sectionDto']>[number]['seriesList']>[number];
/** A course body whose sections and series are there (the request type leaves them optional). */
type CourseBody = Omit<CourseInput, 'sectionDto'> & {
  sectionDto: { title: string; seriesList: SeriesInput[] }[];
};
