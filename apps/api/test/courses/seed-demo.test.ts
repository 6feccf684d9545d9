import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, OP_ROUTES, type OpName } from '@app/contract/operation-routes';
import type { OpAnswer, OpParams, OpRequest } from '@app/contract/operations';
import { FEATURED_CATEGORIES } from '@app/contract/courses';
import { buildApp } from '../../src/app.ts';
import { seedDemo } from '../../src/commands/seed-demo.ts';
import { DEMO_COHORT_COURSE } from '../../src/commands/sales-demo.ts';
import { cohortDeadlines } from '../../src/db/schema-cohorts.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { accounts, courses } from '../../src/db/schema.ts';
import { hashPassword, verifyPassword } from '../../src/lib/passwords.ts';
import { signToken } from '../../src/lib/tokens.ts';

// Seeding needs an empty database of its own: always a fresh PGlite.
describe('demo content', () => {
  let app: FastifyInstance;
  let database: Database;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'devlearn-demo-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'demo-secret-demo-secret-demo-secret-0123',
    LOG_LEVEL: 'silent',
    // As at `npm start`, where seeding (which makes the ladders itself) comes before the job worker starts: a
    // worker here would convert the same videos again, alongside, and might still be at it when the file closes.
    JOB_WORKER: 'false',
  });
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.migrate();
    app = await buildApp({ config, db: database.db, logger: false });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    const closing = app.close();
    // As the harness does: a connection a request left open must not keep the file waiting.
    app.server.closeAllConnections();
    await closing;
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  /** A declared operation over HTTP on this file's own app, typed as the harness's `t.op`. */
  const op = async <N extends OpName>(name: N, body: OpRequest<N>, token?: string, params?: OpParams<N>) => {
    const { method, path } = OP_ROUTES[name];
    const res = await fetch(`${url}${API_BASE}${fillPath(path, params ?? {})}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { apiKey: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as OpAnswer<N>;
  };

  // Seeding makes the demo lessons' HLS ladders with ffmpeg: slower than other tests on a busy machine.
  it(
    'adds a tutor, a student and approved courses in every featured category, once',
    { timeout: 180_000 },
    async () => {
      const logins = await seedDemo(app.ctx);
      expect(logins.map((l) => l.role)).toEqual(['tutor', 'student']);
      // A later start adds nothing, and prints the same logins while their passwords are unchanged.
      expect(await seedDemo(app.ctx)).toEqual(logins);
      const [tutor] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.role, 'tutor'), eq(accounts.email, logins[0]!.email)));
      expect(await verifyPassword(tutor!.passwordHash, logins[0]!.password)).toBe(true);

      const list = await op('studentCourses', { pageSize: 50, pageNo: 0 });
      expect(list.totalData).toBe(8);
      expect(new Set(list.coursesDtos.map((c) => c.courseCategory))).toEqual(new Set(FEATURED_CATEGORIES));
      for (const c of list.coursesDtos) {
        expect(c.status).toBe('Approved');
        expect(c.sectionDto).toHaveLength(2);
        expect(c.sectionDto.every((s) => s.seriesList.length === 2)).toBe(true);
        // Every lesson has its HLS ladder ready; the first is a free preview that a guest may play.
        const lessons = c.sectionDto.flatMap((s) => s.seriesList);
        expect(lessons.map((l) => l.preview)).toEqual([true, false, false, false]);
        expect(lessons.every((l) => l.videoStatus === 'ready' && l.posterUrl && l.durationSeconds)).toBe(
          true,
        );
        expect(lessons[0]!.renditions.map((r) => r.height)).toEqual([240, 360]);
        expect(lessons[0]!.hlsLink).toMatch(/^\/media\/hls\/.+\/master\.m3u8\?lesson=\d+$/);
        expect(lessons[1]!.hlsLink).toBeNull();
        const img = await fetch(`${url}${c.courseImageUrl}`);
        expect(img.status).toBe(200);
        expect(img.headers.get('content-type')).toBe('image/jpeg');
        expect((await img.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }

      const [student] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.role, 'user'), eq(accounts.email, logins[1]!.email)));
      const { token } = await signToken(config.jwtSecret, student!);
      const owned = list.coursesDtos.find((c) => c.title === 'Kubernetes for Beginners')!;
      const view = await op('singleCourse', undefined, token, { id: owned.id });
      expect(view.coursesDto.owned).toBe(true);
      // The uploaded MP4 is not a student's to fetch (they watch the encrypted ladder); its tutor keeps it.
      expect(view.coursesDto.sectionDto[0]!.seriesList[0]!.videoLink).toBeNull();
      const { token: tutorToken } = await signToken(config.jwtSecret, tutor!);
      const asTutor = await op('singleCourse', undefined, tutorToken, { id: owned.id });
      const video = await fetch(`${url}${asTutor.coursesDto.sectionDto[0]!.seriesList[0]!.videoLink}`, {
        headers: { range: 'bytes=0-99' },
      });
      expect(video.status).toBe(206);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      expect((await video.arrayBuffer()).byteLength).toBe(100);

      // The student's course has captions in English and Pidgin: subtitle renditions of each lesson's ladder,
      // and a transcript the student can search.
      const firstLesson = view.coursesDto.sectionDto[0]!.seriesList[0]!;
      const master = await (await fetch(`${url}${firstLesson.hlsLink}`)).text();
      expect(master).toContain('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English"');
      expect(master).toContain('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pcm",NAME="Naijá"');
      const found = await op('transcriptSearch', { courseId: owned.id, query: 'rollout undo' }, token);
      expect(found.hits.map((h) => [h.lessonTitle, h.language])).toEqual([
        ['Rolling updates', 'en'],
        ['Rolling updates', 'pcm'],
      ]);

      // The running demo cohort: the student is in it, next week's section is locked with its date, the live
      // class (a meeting link) can be joined now, and a quiz is due this week.
      const cohortCourse = list.coursesDtos.find((c) => c.title === DEMO_COHORT_COURSE)!;
      const cohorts = await op('cohortList', { courseId: cohortCourse.id });
      expect(cohorts.offering).toBe('both');
      expect(cohorts.cohorts).toHaveLength(1);
      expect(cohorts.cohorts[0]).toMatchObject({ status: 'running', seatsTaken: 1, seatsLeft: 29 });
      const inCohort = await op('singleCourse', undefined, token, { id: cohortCourse.id });
      const [week1, week2] = inCohort.coursesDto.sectionDto;
      expect(week1).toMatchObject({ locked: false, opensAt: null });
      expect(week2!.locked).toBe(true);
      const opensInDays = (Date.parse(week2!.opensAt!) - Date.now()) / 86_400_000;
      expect(opensInDays).toBeGreaterThan(2);
      expect(opensInDays).toBeLessThan(5);
      const sessions = await op('liveSessionList', { cohortId: cohorts.cohorts[0]!.id }, token);
      expect(sessions.sessions).toHaveLength(1);
      const joined = await op('liveJoin', { sessionId: sessions.sessions[0]!.id }, token);
      expect(joined.url).toMatch(/^https:\/\/meet\.jit\.si\/devlearn-demo-/);
      const quiz = week1!.quizzes![0]!;
      const deadline = await database.db
        .select()
        .from(cohortDeadlines)
        .where(eq(cohortDeadlines.quizId, quiz.id));
      expect((deadline[0]!.dueAt.getTime() - Date.now()) / 86_400_000).toBeLessThan(7);
      expect(await database.db.select({ id: courses.id }).from(courses)).toHaveLength(8);
      // A demo account whose password was changed is no longer printed.
      await database.db
        .update(accounts)
        .set({ passwordHash: await hashPassword('ChangedPass123!') })
        .where(eq(accounts.id, student!.id));
      expect((await seedDemo(app.ctx)).map((l) => l.role)).toEqual(['tutor']);

      // Totals come from trigger-kept counts: a status change moves the course between them at once.
      await database.db.update(courses).set({ status: 'Rejected' }).where(eq(courses.id, owned.id));
      // Written past the commands (which invalidate the answer cache themselves): drop the cached answers.
      await app.ctx.cache.invalidateCatalogue();
      const after = await op('studentCourses', { category: owned.courseCategory });
      const all = await op('studentCourses', {});
      expect(all.totalData).toBe(7);
      expect(after.totalData).toBe(
        list.coursesDtos.filter((c) => c.courseCategory === owned.courseCategory).length - 1,
      );
    },
  );
});
