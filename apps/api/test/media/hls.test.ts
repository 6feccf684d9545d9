import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCourseDto, TSeriesDto } from '@app/contract/courses';
import { courses, media } from '../../src/db/schema.ts';
import { TRANSCODE_JOB, transcodeMedia } from '../../src/commands/transcode-media.ts';
import { ffmpegBinary } from '../../src/services/video/ffmpeg.ts';
import { LINK_WINDOW_MS } from '../../src/cache/answer-cache.ts';
import { MEDIA_URL_TTL_SECONDS, signHlsPath } from '../../src/services/storage/signing.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import {
  buildCourse,
  buildEnrolment,
  courseInput,
  MP4_BYTES,
  PNG_BYTES,
  upload,
} from '../factories-course.ts';
import { cachedRead, startTestApp, type TestApp } from '../harness.ts';
import type { OpRequest } from '@app/contract/operations';

let t: TestApp;
let work: string;
let clip: Buffer;
let tutor: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let course: { id: number; nairaPrice: number };
let lessons: { preview: TSeriesDto; locked: TSeriesDto };

// Guests read a course through the public call, signed-in callers through /course/singlecourse.
const detail = async (token?: string) =>
  (token
    ? await t.op('singleCourse', { params: { id: course.id }, token })
    : await t.op('viewSingleCourse', { body: { courseId: course.id } })
  ).body.coursesDto;
const lessonsOf = (c: TCourseDto) => c.sectionDto.flatMap((s) => s.seriesList);
const get = (p: string) => fetch(`${t.url}${p}`);

beforeAll(async () => {
  t = await startTestApp({ jobs: { pollMs: 50, retryBaseMs: 50, names: [TRANSCODE_JOB] } });
  work = mkdtempSync(path.join(tmpdir(), 'devlearn-hls-test-'));
  // A 3-second 640x360 clip with sound: the ladder is 240p and 360p (never upscaled to 720p).
  const file = path.join(work, 'clip.mp4');
  execFileSync(ffmpegBinary(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=s=640x360:d=3:r=24', '-f', 'lavfi', '-i', 'sine=d=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
  clip = readFileSync(file);
  [tutor, owner, stranger, admin] = await Promise.all([
    buildTutor(t),
    buildStudent(t),
    buildStudent(t),
    buildAdmin(t),
  ]);
  const a = await upload(t, tutor.token, 'video', clip, 'a.mp4');
  const b = await upload(t, tutor.token, 'video', clip, 'b.mp4');
  const input = await courseInput(t, tutor, {
    sectionDto: [
      {
        title: 'Start',
        seriesList: [
          { title: 'Free lesson', videoLink: a.body.url!, preview: true },
          { title: 'Paid lesson', videoLink: b.body.url! },
        ],
      },
    ],
  });
  const created = await t.op('createCourse', { body: input, token: tutor.token });
  expect(created.status).toBe(200);
  const [row] = await t.ctx.db
    .select()
    .from(courses)
    .where(eq(courses.title, input.title as string));
  course = { id: row!.id, nairaPrice: 15000 };
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('transcoding after an upload', () => {
  it('shows processing at once, then ready with a 240p/360p ladder, its duration and a poster', async () => {
    const first = lessonsOf(await detail(tutor.token));
    expect(['processing', 'ready']).toContain(first[0]!.videoStatus);
    await expect
      .poll(async () => lessonsOf(await detail(tutor.token)).map((l) => l.videoStatus), { timeout: 90_000 })
      .toEqual(['ready', 'ready']);
    const [preview, locked] = lessonsOf(await detail(tutor.token));
    lessons = { preview: preview!, locked: locked! };
    expect(preview!.renditions.map((r) => r.height)).toEqual([240, 360]);
    expect(preview!.renditions.every((r) => r.bytes > 0 && r.bitrateKbps > 0)).toBe(true);
    expect(preview!.durationSeconds).toBeCloseTo(3, 0);
    expect(preview!.preview).toBe(true);
    expect(locked!.preview).toBe(false);
    // The original MP4 stays the videoLink of the course's staff.
    expect(preview!.videoLink).toMatch(/^\/media\/videos\/.+\.mp4\?/);
    const poster = await get(preview!.posterUrl!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
  }, 120_000);

  it('marks an upload that is not a real video as failed with a reason the tutor sees', async () => {
    const bad = await upload(t, tutor.token, 'video', MP4_BYTES, 'broken.mp4');
    const key = bad.body.url!.replace('/media/', '');
    await expect
      .poll(async () => (await t.ctx.db.select().from(media).where(eq(media.key, key)))[0]!.videoStatus, {
        timeout: 30_000,
      })
      .toBe('failed');
    const [row] = await t.ctx.db.select().from(media).where(eq(media.key, key));
    expect(row!.videoError).toMatch(/not a video|could not be converted|empty/);
  }, 60_000);

  it("/video/status tells the uploader (and admins) each upload's state; others learn nothing", async () => {
    const good = (await upload(t, tutor.token, 'video', clip, 'c.mp4')).body.url!;
    const bad = (await upload(t, tutor.token, 'video', MP4_BYTES, 'broken.mp4')).body.url!;
    const image = (await upload(t, tutor.token, 'image', PNG_BYTES, 'i.png')).body.url!;
    const status = (token: string | undefined, urls: string[]) =>
      t.op('videoStatus', { token, body: { urls } });
    const first = await status(tutor.token, [good]);
    expect(first.status).toBe(200);
    expect(['processing', 'ready']).toContain(first.body.videos[0]!.videoStatus);
    await expect
      .poll(async () => (await status(tutor.token, [good, bad])).body.videos.map((v) => v.videoStatus), {
        timeout: 60_000,
      })
      .toEqual(['ready', 'failed']);
    const [ready, failed] = (await status(tutor.token, [good, bad])).body.videos;
    expect(ready).toMatchObject({ url: good, videoError: null });
    expect(ready!.durationSeconds).toBeCloseTo(3, 0);
    expect(failed!.url).toBe(bad);
    expect(failed!.videoError).toMatch(/not a video|could not be converted|empty/);
    // Admins see any upload; another tutor, an image or a foreign URL answer 'none'.
    expect((await status(admin.token, [bad])).body.videos[0]!.videoStatus).toBe('failed');
    const otherTutor = await buildTutor(t);
    const foreign = await status(otherTutor.token, [good, bad]);
    expect(foreign.body.videos.map((v) => [v.videoStatus, v.videoError])).toEqual([
      ['none', null],
      ['none', null],
    ]);
    const odd = await status(tutor.token, [image, 'https://example.com/x.mp4', 'not a url']);
    expect(odd.body.videos.map((v) => v.videoStatus)).toEqual(['none', 'none', 'none']);
    expect((await status(owner.token, [good])).status).toBe(403);
    expect((await status(undefined, [good])).status).toBe(401);
  }, 90_000);
});

describe('who may watch a lesson', () => {
  const links = async (token?: string) =>
    lessonsOf(await detail(token)).map((l) => [!!l.hlsLink, !!l.videoLink]);

  it('a guest and a student who did not buy get the preview lesson only, as the encrypted ladder', async () => {
    await t.ctx.db.update(courses).set({ status: 'Approved' }).where(eq(courses.id, course.id));
    expect(await links()).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(await links(stranger.token)).toEqual([
      [true, false],
      [false, false],
    ]);
  });

  it('the owner student gets every lesson as the ladder only; the owning tutor and admins keep the originals', async () => {
    await buildEnrolment(t, owner, course);
    expect(await links(owner.token)).toEqual([
      [true, false],
      [true, false],
    ]);
    for (const who of [tutor, admin]) {
      expect(await links(who.token)).toEqual([
        [true, true],
        [true, true],
      ]);
    }
  });

  it('only the tutor and admins learn why a transcode failed', async () => {
    const all = lessonsOf(await detail(owner.token));
    expect(all.every((l) => l.videoError === null)).toBe(true);
  });
});

describe('the shared answer cache', () => {
  const guestView = () => t.op('viewSingleCourse', { body: { courseId: course.id } });
  const expiryOf = (link: string) => Number(/\/media\/hls\/(\d+)-/.exec(link)![1]);

  it("keeps a guest's answer without links and signs the preview's links afresh in every link window", async () => {
    // Within one link window guests share one filled copy: two hits in a row give the same links, valid for the
    // TTL less the window (a miss in between, from another test file's invalidation, starts a new pair).
    let first = await cachedRead(guestView);
    let again = await guestView();
    for (let i = 0; i < 5 && again.headers.get('x-cache') !== 'hit'; i++) {
      first = await cachedRead(guestView);
      again = await guestView();
    }
    expect(again.headers.get('x-cache')).toBe('hit');
    const shared = lessonsOf(again.body.coursesDto)[0]!;
    expect(shared.hlsLink).toBe(lessonsOf(first.body.coursesDto)[0]!.hlsLink);
    expect(expiryOf(shared.hlsLink!) * 1000).toBeGreaterThanOrEqual(
      Date.now() + MEDIA_URL_TTL_SECONDS * 1000 - LINK_WINDOW_MS,
    );
    // The next window signs afresh (the server runs in this process, so its clock moves too).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LINK_WINDOW_MS });
    let later: Awaited<ReturnType<typeof guestView>>;
    try {
      later = await cachedRead(guestView);
    } finally {
      vi.useRealTimers();
    }
    const [a, b] = [first, later].map((r) => lessonsOf(r.body.coursesDto)[0]!);
    expect(expiryOf(b!.hlsLink!)).toBeGreaterThan(expiryOf(a!.hlsLink!));
    expect((await get(b!.hlsLink!)).status).toBe(200);
    expect(b!.videoLink).toBeNull();
    expect(lessonsOf(later.body.coursesDto)[1]!.hlsLink).toBeNull();
    // Nothing signed is stored: the bytes every guest shares hold null links.
    const stored = t.ctx.cache.answers.get(`course|${course.id}`)!.body.toString();
    expect(stored).not.toMatch(/\/media\/(hls|videos)\//);

    const list = async () =>
      t.op('studentCourses', {
        body: { pageNo: 0, pageSize: 50 },
      });
    const page = await cachedRead(list);
    const mine = page.body.coursesDtos.find((c) => c.id === course.id)!;
    expect(lessonsOf(mine).map((l) => !!l.hlsLink)).toEqual([true, false]);
  });

  it('a transcode that finishes drops the cached answers showing its lesson', async () => {
    const key = lessons.preview.videoLink!.replace(/^\/media\//, '').replace(/\?.*$/, '');
    // The lesson's video is being converted again, and a guest's answer showing so is in the cache.
    await t.ctx.db.update(media).set({ videoStatus: 'processing' }).where(eq(media.key, key));
    await t.ctx.cache.invalidateCourse(course.id);
    const processing = await cachedRead(guestView);
    expect(lessonsOf(processing.body.coursesDto)[0]).toMatchObject({
      videoStatus: 'processing',
      hlsLink: null,
    });

    await transcodeMedia(t.ctx, key);
    const ready = lessonsOf((await guestView()).body.coursesDto)[0]!;
    expect(ready.videoStatus).toBe('ready');
    expect((await get(ready.hlsLink!)).status).toBe(200);
  }, 60_000);
});

describe('signed HLS', () => {
  it('serves the master playlist, a variant playlist and its segments under one token', async () => {
    const link = lessonsOf(await detail(owner.token))[1]!.hlsLink!;
    const master = await get(link);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/mpegurl/);
    const text = await master.text();
    expect(text).toContain('240p/index.m3u8');
    expect(text).toContain('RESOLUTION=640x360');
    const base = link.slice(0, link.lastIndexOf('/') + 1);
    const variant = await (await get(`${base}240p/index.m3u8`)).text();
    const segments = variant.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    const durations = [...variant.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...durations)).toBeLessThanOrEqual(6);
    const seg = await get(`${base}240p/${segments[0]}`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('refuses a segment without a token, with a tampered token, or for another ladder (403)', async () => {
    const [a, b] = lessonsOf(await detail(owner.token)).map((l) => l.hlsLink!);
    const [, , , token, idA] = a!.split('/');
    const idB = b!.split('/')[4];
    const unsigned = await get(`/media/hls/${idA}/240p/seg_000.ts`);
    expect(unsigned.status).toBe(403);
    const flipped = token!.slice(0, -1) + (token!.endsWith('A') ? 'B' : 'A');
    const tampered = await get(`/media/hls/${flipped}/${idA}/240p/seg_000.ts`);
    expect(tampered.status).toBe(403);
    expect(((await tampered.json()) as { responseDto: { message: string } }).responseDto.message).toBe(
      'This link is not valid.',
    );
    const otherViewer = token!.replace(/^(\d+)-(\d+)-/, (_m, exp) => `${exp}-999999-`);
    expect((await get(`/media/hls/${otherViewer}/${idA}/master.m3u8`)).status).toBe(403);
    expect((await get(`/media/hls/${token}/${idB}/master.m3u8`)).status).toBe(403);
  });

  it('refuses an expired token with a message saying so', async () => {
    const [row] = await t.ctx.db.select().from(media).where(eq(media.videoStatus, 'ready')).limit(1);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = signHlsPath(t.config.jwtSecret, row!.hlsPrefix!, owner.id, past).replace(
      'master.m3u8',
      '240p/seg_000.ts',
    );
    const res = await get(expired);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { responseDto: { message: string } }).responseDto.message).toMatch(
      /expired/,
    );
  });
});

describe('progress', () => {
  const update = (token: string, body: OpRequest<'progressUpdate'>) =>
    t.op('progressUpdate', { token, body });

  it('keeps the position, completes a lesson at 90 % and counts the course percentage', async () => {
    const first = await update(owner.token, {
      courseId: course.id,
      seriesId: lessons.preview.id,
      positionSeconds: 1.5,
    });
    expect(first.status).toBe(200);
    expect(first.body.progress).toEqual({
      courseId: course.id,
      percent: 0,
      completedSeriesIds: [],
      lastSeriesId: lessons.preview.id,
      lastPositionSeconds: 1.5,
      watchedSeriesIds: [],
      passedQuizIds: [],
      passedAssignmentIds: [],
      complete: false,
      certificateCode: null,
    });
    const done = await update(owner.token, {
      courseId: course.id,
      seriesId: lessons.preview.id,
      positionSeconds: 2.8,
    });
    expect(done.body.progress.percent).toBe(50);
    expect(done.body.progress.completedSeriesIds).toEqual([lessons.preview.id]);
    // Watching it again from the start keeps it complete.
    const again = await update(owner.token, {
      courseId: course.id,
      seriesId: lessons.preview.id,
      positionSeconds: 0,
    });
    expect(again.body.progress.completedSeriesIds).toEqual([lessons.preview.id]);
    const ended = await update(owner.token, {
      courseId: course.id,
      seriesId: lessons.locked.id,
      positionSeconds: 1,
      completed: true,
    });
    expect(ended.body.progress.percent).toBe(100);
    expect(ended.body.progress.lastSeriesId).toBe(lessons.locked.id);
    const read = await t.op('progressCourse', { token: owner.token, body: { courseId: course.id } });
    expect(read.body.progress).toEqual(ended.body.progress);
    const mine = await t.op('userAllCourses', { token: owner.token });
    expect(mine.body.courses.find((c) => c.id === course.id)!.progress).toEqual(ended.body.progress);
  });

  it('answers 403 to anyone but an owner student and 404 for an unknown course or lesson', async () => {
    const body = { courseId: course.id, seriesId: lessons.preview.id, positionSeconds: 1 };
    expect((await update(stranger.token, body)).status).toBe(403);
    expect((await update(tutor.token, body)).status).toBe(403);
    expect((await update(admin.token, body)).status).toBe(403);
    expect((await t.op('progressUpdate', { body })).status).toBe(401);
    expect((await update(owner.token, { ...body, courseId: 99_999_999 })).status).toBe(404);
    const otherLesson = await update(owner.token, { ...body, seriesId: 99_999_999 });
    expect(otherLesson.status).toBe(404);
    expect(otherLesson.body.responseDto.message).toBe('This lesson is not part of the course.');
    const before = await update(owner.token, { ...body, positionSeconds: -1 });
    expect(before.status).toBe(400);
    expect(before.body.responseDto.message).toBe('positionSeconds: must be 0 or more');
    // The ids and the second may come as strings of digits, as the spec's client sends numbers elsewhere.
    const asText = await update(owner.token, {
      courseId: String(course.id),
      seriesId: String(lessons.preview.id),
      positionSeconds: '1.5',
    });
    expect(asText.status).toBe(200);
  });

  it("reads a course's progress by the same rule: the owner student only, 404 for an unknown course", async () => {
    const read = (token: string | undefined, courseId: number) =>
      t.op('progressCourse', { token, body: { courseId } });
    const mine = await read(owner.token, course.id);
    expect(mine.status).toBe(200);
    expect(mine.body.progress.courseId).toBe(course.id);
    for (const who of [stranger, tutor, admin]) {
      const res = await read(who.token, course.id);
      expect(res.status).toBe(403);
      expect(res.body).not.toHaveProperty('progress');
    }
    expect((await read(stranger.token, course.id)).body.responseDto.message).toBe(
      'Only a student who bought this course can see or record progress in it.',
    );
    expect((await read(undefined, course.id)).status).toBe(401);
    // Another student enrols first, so the buyer's enrolment id and the course id differ.
    const other = await buildCourse(t, tutor);
    await buildEnrolment(t, stranger, other);
    const buyer = await buildStudent(t);
    await buildEnrolment(t, buyer, other);
    const theirs = await read(buyer.token, other.id);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.progress).toMatchObject({ courseId: other.id, percent: 0 });
    const unknown = await read(owner.token, 99_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseDto.message).toBe('Course does not exist');
  });
});
