import { existsSync, readFileSync } from 'node:fs';
import { nairaToKobo } from '@app/contract/money';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { accounts, courses, media, sections, series } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { enqueue } from '../queue/queue.ts';
import { TRANSCODE_JOB, transcodeMedia } from './transcode-media.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import { anyCourse } from '../queries/courses.ts';
import { categoriesByCode } from '../queries/taxonomy.ts';
import { makeImageVariants } from './image-variants.ts';
import { addDemoCohort } from './cohorts-demo.ts';
import { addDemoQuiz } from './quizzes-demo.ts';
import { addDemoAssignments } from './assignments-demo.ts';
import { addDemoQuestions } from './questions-demo.ts';
import { addDemoReviews } from './reviews-demo.ts';
import { addDemoSales, DEMO_COHORT_COURSE, type DemoCourse } from './sales-demo.ts';
import { addDemoPlan } from './plans-demo.ts';
import { addDemoGift } from './gifts-demo.ts';
import { addDemoCaptions } from './captions-demo.ts';
import { addDemoTeam } from './teams-demo.ts';
import { searchTextOf } from './refresh-search-text.ts';

export type DemoLogin = { role: string; email: string; password: string };

type Person = { fullName: string; email: string; password: string };
type Manifest = {
  tutor: Person;
  student: Person;
  studentOwns: string;
  courses: {
    title: string;
    category: string;
    price: number;
    image: string;
    description: string;
    /** The language it is taught in, when not English. */
    language?: string;
    sections: [string, string[]][];
  }[];
};

const LESSON_VIDEOS = ['lesson-1.mp4', 'lesson-2.mp4', 'lesson-3.mp4', 'lesson-4.mp4'];
const PROMO_VIDEO = 'promo.mp4';

/** apps/api/assets/demo, found from src/commands/ (dev, tests) and from dist/ (the build). */
export function demoAssetsDir(): string | null {
  for (const rel of ['../../assets/demo', '../assets/demo']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path.join(dir, 'courses.json'))) return dir;
  }
  return null;
}

async function demoAccount(tx: Tx, role: 'tutor' | 'user', p: Person, passwordHash: string): Promise<number> {
  await tx
    .insert(accounts)
    .values({
      role,
      fullName: p.fullName,
      email: p.email,
      userName: p.email,
      phoneNumber: '08030000000',
      passwordHash,
      ...(role === 'tutor'
        ? {
            gender: 'Female',
            age: 34,
            category: 'Website development',
            certificateUrl: 'https://devlearn.ng/demo-certificate.pdf',
          }
        : {}),
    })
    .onConflictDoNothing();
  const row = await accountByRoleEmail(tx, role, p.email);
  return row!.id;
}

/** On a later start: the demo logins whose password is still the demo one (so every start can print them). */
async function unchangedDemoLogins(db: AppContext['db'], manifest: Manifest): Promise<DemoLogin[]> {
  const people = [
    { role: 'tutor' as const, label: 'tutor', p: manifest.tutor },
    { role: 'user' as const, label: 'student', p: manifest.student },
  ];
  // Both argon2 checks at once (they run on libuv's threads): this is on the start-up path of every restart.
  const still = await Promise.all(
    people.map(async ({ role, p }) => {
      const row = await accountByRoleEmail(db, role, p.email);
      return Boolean(row && (await verifyPassword(row.passwordHash, p.password)));
    }),
  );
  return people
    .filter((_, i) => still[i])
    .map(({ label, p }) => ({ role: label, email: p.email, password: p.password }));
}

/**
 * Adds a demo tutor, a demo student, Approved courses (images, 2 sections x 2 short videos) and their sales
 * history (commands/sales-demo.ts) when the database has no course at all. Files go through the Storage
 * interface. Returns the logins to print.
 */
export const seedDemo = async (ctx: AppContext): Promise<DemoLogin[]> => (await prepareDemo(ctx))();

/**
 * seedDemo in two steps: the content is added now, and the logins to print are found by the function it resolves
 * to. On a later start that is where the passwords are checked (argon2, ~0.1 s each): `main` calls it after the
 * server listens, off the start-up path. `adminMade` settles once the admin account exists (made alongside): the
 * demo courses' approvals are recorded as that admin's.
 */
export async function prepareDemo(
  ctx: AppContext,
  adminMade?: Promise<unknown>,
): Promise<() => Promise<DemoLogin[]>> {
  const { db, log } = ctx;
  const dir = demoAssetsDir();
  if (!dir) {
    log.warn('Demo content skipped: apps/api/assets/demo was not found.');
    return async () => [];
  }
  const manifest = JSON.parse(readFileSync(path.join(dir, 'courses.json'), 'utf8')) as Manifest;
  if (await anyCourse(db)) return () => unchangedDemoLogins(db, manifest);
  const logins = await addDemoContent(ctx, dir, manifest, adminMade);
  return async () => logins;
}

/** Adds the demo content of `manifest` (files in `dir`); resolves to its logins. */
async function addDemoContent(
  ctx: AppContext,
  dir: string,
  manifest: Manifest,
  adminMade?: Promise<unknown>,
): Promise<DemoLogin[]> {
  const { db, storage, log } = ctx;

  const files = [
    ...manifest.courses.map((c) => ({
      name: c.image,
      kind: 'image' as const,
      type: 'image/jpeg',
      folder: 'images',
    })),
    ...[PROMO_VIDEO, ...LESSON_VIDEOS].map((name) => ({
      name,
      kind: 'video' as const,
      type: 'video/mp4',
      folder: 'videos',
    })),
  ];
  const keyOf = new Map(files.map((f) => [f.name, `${f.folder}/demo-${f.name}`]));
  const sizes = await Promise.all(
    files.map(async (f) => {
      const bytes = readFileSync(path.join(dir, f.name));
      await storage.put(keyOf.get(f.name)!, Readable.from([bytes]), f.type);
      return bytes.length;
    }),
  );
  // Demo images get the same WebP copies as uploads.
  for (const f of files) if (f.kind === 'image') await makeImageVariants(ctx, keyOf.get(f.name)!);
  const [tutorHash, studentHash] = await Promise.all([
    hashPassword(manifest.tutor.password),
    hashPassword(manifest.student.password),
  ]);
  // A failure to make the admin is main's to report; the demo then records no reviewer.
  await adminMade?.catch(() => undefined);

  await db.transaction(async (tx) => {
    const tutorId = await demoAccount(tx, 'tutor', manifest.tutor, tutorHash);
    const studentId = await demoAccount(tx, 'user', manifest.student, studentHash);
    await tx
      .insert(media)
      .values(
        files.map((f, i) => ({
          key: keyOf.get(f.name)!,
          kind: f.kind,
          ownerId: tutorId,
          contentType: f.type,
          size: sizes[i]!,
          originalName: f.name,
          videoStatus: LESSON_VIDEOS.includes(f.name) ? ('processing' as const) : ('none' as const),
        })),
      )
      .onConflictDoNothing();
    // Queued in the same transaction, so a start stopped before the ladders below are made finishes them later.
    for (const name of LESSON_VIDEOS) await enqueue(tx, TRANSCODE_JOB, { mediaKey: keyOf.get(name)! });
    const cats = await categoriesByCode(
      tx,
      manifest.courses.map((c) => c.category),
    );
    const categoryId = new Map(cats.map((c) => [c.code, c.id]));
    const now = Date.now();
    const made: DemoCourse[] = [];
    let cohortCourse: { courseId: number; sectionIds: number[] } | null = null;
    for (const [i, c] of manifest.courses.entries()) {
      const [course] = await tx
        .insert(courses)
        .values({
          tutorId,
          title: c.title,
          description: c.description,
          priceKobo: nairaToKobo(c.price),
          imageRef: keyOf.get(c.image)!,
          videoRef: keyOf.get(PROMO_VIDEO)!,
          categoryId: categoryId.get(c.category)!,
          status: 'Approved',
          searchText: searchTextOf(c.title, manifest.tutor.fullName),
          ...(c.language ? { language: c.language } : {}),
          // The first course of the manifest is the newest, so the home page shows them in this order.
          createdAt: new Date(now - i * 60_000),
        })
        .returning({ id: courses.id });
      made.push({ id: course!.id, title: c.title, priceKobo: nairaToKobo(c.price) });
      const secs = await tx
        .insert(sections)
        .values(c.sections.map(([title], s) => ({ courseId: course!.id, position: s + 1, title })))
        .returning({ id: sections.id, position: sections.position });
      const lessons = await tx
        .insert(series)
        .values(
          secs.flatMap((sec) =>
            c.sections[sec.position - 1]![1].map((title, n) => {
              const video = LESSON_VIDEOS[((sec.position - 1) * 2 + n) % LESSON_VIDEOS.length]!;
              return {
                sectionId: sec.id,
                position: n + 1,
                title,
                videoRef: keyOf.get(video)!,
                videoFile: video,
                // Each course's first lesson is a free preview.
                preview: sec.position === 1 && n === 0,
              };
            }),
          ),
        )
        .returning({ id: series.id, title: series.title });
      if (c.title === DEMO_COHORT_COURSE)
        cohortCourse = { courseId: course!.id, sectionIds: secs.map((x) => x.id) };
      if (c.title === manifest.studentOwns) {
        // The student's course ends with a quiz, so a fresh clone shows one (and a certificate can be earned).
        await addDemoQuiz(tx, course!.id, secs[secs.length - 1]!.id);
        // Graded work: one graded with feedback, one waiting in the demo tutor's grading queue.
        await addDemoAssignments(tx, {
          courseId: course!.id,
          sectionId: secs[secs.length - 1]!.id,
          tutorId,
          studentId,
        });
        await addDemoQuestions(tx, { courseId: course!.id, tutorId, studentId });
        // Its lessons have captions in English and Pidgin.
        await addDemoCaptions(tx, lessons);
      }
    }
    // Eight weeks of sales (the student's course among them), so the dashboards have figures.
    const student = { id: studentId, email: manifest.student.email };
    await addDemoSales(tx, ctx, { tutorId, student, studentOwns: manifest.studentOwns, courses: made });
    // A running cohort of one course, with the demo student's seat (its order is in the history above).
    if (cohortCourse) await addDemoCohort(tx, { studentId, ...cohortCourse });
    // An instalment plan on the dearest course, bought by the demo student, its next payment due.
    await addDemoPlan(tx, ctx, { tutorId, student, studentOwns: manifest.studentOwns, courses: made });
    // A gift from a demo buyer waiting for the demo student to redeem it (the link is in their notifications).
    await addDemoGift(tx, ctx, { tutorId, student, studentOwns: manifest.studentOwns, courses: made });
    // The demo student's team: 5 seats of one course, 3 of them used by demo staff (/home/team).
    await addDemoTeam(tx, ctx, { tutorId, student, studentOwns: manifest.studentOwns, courses: made });
    await addDemoReviews(tx, await accountByRoleEmail(tx, 'admin', ctx.config.adminEmail), made);
  });
  // The demo lessons are tiny (12 s, 360p): make their HLS ladders now so they are ready at the first visit.
  for (const name of LESSON_VIDEOS) {
    await transcodeMedia(ctx, keyOf.get(name)!).catch((err: Error) =>
      log.warn(`Demo video ${name} will be converted in the background: ${err.message}`),
    );
  }
  await ctx.cache.invalidateCatalogue();
  log.info(`Demo content added: ${manifest.courses.length} approved courses.`);
  return [
    { role: 'tutor', email: manifest.tutor.email, password: manifest.tutor.password },
    { role: 'student', email: manifest.student.email, password: manifest.student.password },
  ];
}
