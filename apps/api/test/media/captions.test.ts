import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSeriesDto } from '@app/contract/courses';
import { media } from '../../src/db/schema.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let tutor: TestAccount;
let otherTutor: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let course: TestCourse;
let lessonIds: number[];
let ladder: string;

const MASTER =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240,CODECS="avc1.4d401f"\n240p/index.m3u8\n';

const ENGLISH_SRT = `1
00:00:00,500 --> 00:00:03,000
Welcome to the first lesson.

2
00:00:03,200 --> 00:00:06,800
Today we install Node and Git.

3
00:00:07,000 --> 00:00:11,500
Open a terminal and type node --version.
`;

const PIDGIN_VTT = `WEBVTT

00:00.500 --> 00:03.000
Welcome o, na di first lesson be dis.

00:03.200 --> 00:06.800
Today we go install Node and Git.
`;

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');
const uploadCaption = (
  token: string | undefined,
  over: { seriesId?: number; language?: string; fileName?: string; data?: string; label?: string } = {},
) =>
  t.op('captionUpload', {
    token,
    body: {
      courseId: course.id,
      seriesId: over.seriesId ?? lessonIds[0]!,
      language: over.language ?? 'en',
      fileName: over.fileName ?? 'lesson-1.en.srt',
      data: over.data ?? b64(ENGLISH_SRT),
      ...(over.label ? { label: over.label } : {}),
    },
  });
const listCaptions = (token: string) => t.op('captionList', { token, body: { courseId: course.id } });
const search = (token: string | undefined, query: string) =>
  t.op('transcriptSearch', { token, body: { courseId: course.id, query } });
const get = (p: string) => fetch(`${t.url}${p}`);
const firstLesson = async (token: string): Promise<TSeriesDto> =>
  (await t.op('singleCourse', { params: { id: course.id }, token })).body.coursesDto.sectionDto[0]!
    .seriesList[0]!;

beforeAll(async () => {
  t = await startTestApp();
  [tutor, otherTutor, owner, stranger, admin] = await Promise.all([
    buildTutor(t),
    buildTutor(t),
    buildStudent(t),
    buildStudent(t),
    buildAdmin(t),
  ]);
  course = await buildCourse(t, tutor, { title: 'Node from zero' });
  await buildEnrolment(t, owner, course);
  const outline = (await t.op('singleCourse', { params: { id: course.id }, token: tutor.token })).body
    .coursesDto;
  lessonIds = outline.sectionDto.flatMap((s) => s.seriesList.map((l) => l.id));
  // The first lesson's video as the transcode job leaves it: a ready 12-second ladder.
  ladder = randomUUID();
  await t.ctx.storage.put(
    `hls/${ladder}/master.m3u8`,
    Readable.from([MASTER]),
    'application/vnd.apple.mpegurl',
  );
  await t.ctx.db
    .update(media)
    .set({ videoStatus: 'ready', hlsPrefix: `hls/${ladder}`, durationSeconds: 12 })
    .where(eq(media.key, course.seriesVideoKeys[0]!));
  await t.ctx.cache.invalidateCourse(course.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('uploading captions', () => {
  it('converts an SRT to WebVTT and lists it for the tutor and admins', async () => {
    const res = await uploadCaption(tutor.token);
    expect(res.status).toBe(200);
    expect(res.body.responseDto.message).toBe('Captions saved');
    expect(res.body.caption).toMatchObject({
      seriesId: lessonIds[0],
      language: 'en',
      label: 'English',
      format: 'srt',
      fileName: 'lesson-1.en.srt',
      cueCount: 3,
    });
    const pidgin = await uploadCaption(tutor.token, {
      language: 'PCM',
      fileName: 'pidgin.vtt',
      data: b64(PIDGIN_VTT),
    });
    expect(pidgin.status).toBe(200);
    expect(pidgin.body.caption).toMatchObject({
      language: 'pcm',
      label: 'Naijá',
      format: 'vtt',
      cueCount: 2,
    });
    for (const token of [tutor.token, admin.token]) {
      const list = await listCaptions(token);
      expect(list.status).toBe(200);
      expect(list.body.captions.map((c) => [c.seriesId, c.language, c.cueCount])).toEqual([
        [lessonIds[0], 'en', 3],
        [lessonIds[0], 'pcm', 2],
      ]);
    }
  });

  it('refuses a bad file with the line number and keeps the captions saved before', async () => {
    const before = (await listCaptions(tutor.token)).body.captions;
    const cases: [string, string | Uint8Array, string][] = [
      [
        'broken.srt',
        ENGLISH_SRT.replace('00:00:03,200 --> 00:00:06,800', '00:00:03,200 -> 00:00:06,800'),
        'broken.srt: Line 6: expected the timing of cue 2, like 00:00:01,000 --> 00:00:04,000, found "00:00:03,200 -> 00:00:06,800".',
      ],
      [
        'late.srt',
        `${ENGLISH_SRT}\n4\n00:00:12,500 --> 00:00:14,000\nThe end.\n`,
        'late.srt: Line 14: this cue starts at 00:12.500, after the video ends (00:12.000).',
      ],
      [
        'latin1.srt',
        new Uint8Array([...Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCaf'), 0xe9, 0x0a]),
        'latin1.srt: Line 3: the file is not UTF-8 text. Save it with the encoding "UTF-8" and upload it again.',
      ],
      ['header.vtt', ENGLISH_SRT, 'header.vtt: Line 1: a WebVTT file must start with the line WEBVTT.'],
      ['notes.txt', ENGLISH_SRT, 'Upload a WebVTT (.vtt) or SubRip (.srt) caption file.'],
    ];
    for (const [fileName, data, message] of cases) {
      const res = await uploadCaption(tutor.token, { fileName, data: b64(data) });
      expect(res.status, fileName).toBe(400);
      expect(res.body.responseDto.message).toBe(message);
    }
    expect((await listCaptions(tutor.token)).body.captions).toEqual(before);
  });

  it('accepts a BOM and CRLF, and replaces a language in place', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(ENGLISH_SRT.replace(/\n/g, '\r\n'))]);
    const res = await uploadCaption(tutor.token, { data: b64(bom), label: 'English (CC)' });
    expect(res.status).toBe(200);
    expect(res.body.caption).toMatchObject({ language: 'en', label: 'English (CC)', cueCount: 3 });
    expect((await listCaptions(tutor.token)).body.captions).toHaveLength(2);
  });

  it('lets only the course tutor and admins upload, list and delete', async () => {
    expect((await uploadCaption(undefined)).status).toBe(401);
    expect((await uploadCaption(otherTutor.token)).status).toBe(403);
    expect((await uploadCaption(otherTutor.token)).body.responseDto.message).toBe(
      'This course belongs to another tutor.',
    );
    expect((await uploadCaption(owner.token)).status).toBe(403);
    expect((await uploadCaption(stranger.token)).status).toBe(403);
    expect((await listCaptions(otherTutor.token)).status).toBe(403);
    expect((await listCaptions(owner.token)).status).toBe(403);
    const del = (token: string | undefined) =>
      t.op('captionDelete', {
        token,
        body: { courseId: course.id, seriesId: lessonIds[0]!, language: 'pcm' },
      });
    expect((await del(undefined)).status).toBe(401);
    expect((await del(otherTutor.token)).status).toBe(403);
    expect((await del(owner.token)).status).toBe(403);
    // A lesson of another course is not this course's.
    const other = await buildCourse(t, tutor);
    const foreign = (await t.op('singleCourse', { params: { id: other.id }, token: tutor.token })).body
      .coursesDto.sectionDto[0]!.seriesList[0]!.id;
    const wrong = await uploadCaption(tutor.token, { seriesId: foreign });
    expect(wrong.status).toBe(404);
    expect(wrong.body.responseDto.message).toBe('This lesson is not part of the course.');
  });
});

describe('captions in the lesson HLS', () => {
  it("adds the lesson's captions to its master playlist as subtitle renditions", async () => {
    const lesson = await firstLesson(owner.token);
    expect(lesson.hlsLink).toMatch(
      new RegExp(`^/media/hls/.+/${ladder}/master\\.m3u8\\?lesson=${lessonIds[0]}$`),
    );
    const res = await get(lesson.hlsLink!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const master = await res.text();
    expect(master).toContain(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English (CC)",DEFAULT=NO,AUTOSELECT=NO,FORCED=NO,URI="subs/${lessonIds[0]}/en.m3u8"`,
    );
    expect(master).toContain(`LANGUAGE="pcm",NAME="Naijá"`);
    expect(master).toContain('CODECS="avc1.4d401f",SUBTITLES="subs"\n240p/index.m3u8');

    const base = lesson.hlsLink!.slice(0, lesson.hlsLink!.indexOf('master.m3u8'));
    const playlist = await get(`${base}subs/${lessonIds[0]}/pcm.m3u8`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-TARGETDURATION:12');
    expect(text).toContain('#EXTINF:12.000,\npcm.vtt\n#EXT-X-ENDLIST');
    const vtt = await get(`${base}subs/${lessonIds[0]}/pcm.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toContain('text/vtt');
    expect(await vtt.text()).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n1\n00:00:00.500 --> 00:00:03.000\n' +
        'Welcome o, na di first lesson be dis.\n\n2\n00:00:03.200 --> 00:00:06.800\nToday we go install Node and Git.\n',
    );
  });

  it('serves captions only under a valid link of a lesson of that video', async () => {
    const lesson = await firstLesson(owner.token);
    const base = lesson.hlsLink!.slice(0, lesson.hlsLink!.indexOf('master.m3u8'));
    // Another lesson's captions are not this ladder's.
    expect((await get(`${base}subs/${lessonIds[1]}/en.vtt`)).status).toBe(404);
    expect((await get(`${base}subs/${lessonIds[0]}/fr.vtt`)).status).toBe(404);
    const tampered = base.replace(
      /\/media\/hls\/(\d+)-/,
      (_m, exp: string) => `/media/hls/${Number(exp) + 1}-`,
    );
    expect((await get(`${tampered}subs/${lessonIds[0]}/en.vtt`)).status).toBe(403);
    expect((await get(`/media/hls/x/${ladder}/subs/${lessonIds[0]}/en.vtt`)).status).toBe(403);
    // Those who may not watch the lesson get no link at all.
    expect((await firstLesson(stranger.token)).hlsLink).toBeNull();
    expect((await firstLesson(otherTutor.token)).hlsLink).toBeNull();
    const guest = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(guest.body.coursesDto.sectionDto[0]!.seriesList[0]!.hlsLink).toBeNull();
  });

  it('drops a deleted language from the master playlist', async () => {
    const del = await t.op('captionDelete', {
      token: tutor.token,
      body: { courseId: course.id, seriesId: lessonIds[0]!, language: 'pcm' },
    });
    expect(del.status).toBe(200);
    expect(del.body.responseDto.message).toBe('Captions deleted');
    const again = await t.op('captionDelete', {
      token: tutor.token,
      body: { courseId: course.id, seriesId: lessonIds[0]!, language: 'pcm' },
    });
    expect(again.status).toBe(404);
    const master = await (await get((await firstLesson(owner.token)).hlsLink!)).text();
    expect(master).toContain('LANGUAGE="en"');
    expect(master).not.toContain('LANGUAGE="pcm"');
  });
});

describe('searching the transcripts of a course', () => {
  it('finds cues by every word, case and accents aside, with the lesson and the second', async () => {
    await uploadCaption(tutor.token, {
      seriesId: lessonIds[0]!,
      language: 'yo',
      fileName: 'yo.srt',
      data: b64('1\n00:00:02,000 --> 00:00:05,000\nẸ kú àárọ̀, ẹ jẹ́ ká fi Node sílẹ̀.\n'),
    });
    const res = await search(owner.token, 'install GIT');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.hits).toEqual([
      {
        seriesId: lessonIds[0],
        lessonTitle: 'Lesson 1.1',
        language: 'en',
        label: 'English (CC)',
        start: 3.2,
        text: 'Today we install Node and Git.',
      },
    ]);
    const yoruba = await search(owner.token, 'ku aaro');
    expect(yoruba.body.hits.map((h) => [h.language, h.start])).toEqual([['yo', 2]]);
    expect((await search(owner.token, 'kubernetes')).body).toMatchObject({ hits: [], total: 0 });
  });

  it('is for those who may watch the course', async () => {
    expect((await search(tutor.token, 'node')).status).toBe(200);
    expect((await search(admin.token, 'node')).status).toBe(200);
    expect((await search(undefined, 'node')).status).toBe(401);
    const refused = await search(stranger.token, 'node');
    expect(refused.status).toBe(403);
    expect(refused.body.responseDto.message).toBe('Buy this course to search its transcripts.');
    expect((await search(otherTutor.token, 'node')).status).toBe(403);
    const short = await search(owner.token, 'n');
    expect(short.status).toBe(400);
    expect(short.body.responseDto.message).toContain('Type at least 2 characters to search.');
  });
});
