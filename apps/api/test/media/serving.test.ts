import { beforeAll, describe, expect, it } from 'vitest';
import { signMediaPath } from '../../src/services/storage/signing.ts';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildCourse, buildEnrolment, MP4_BYTES, PNG_BYTES, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

describe('media serving', () => {
  const t = useTestApp();
  let course: TestCourse;
  let videoUrl: string;
  const [tutor, buyer] = useAccounts(t, 'tutor', 'user');
  beforeAll(async () => {
    course = await buildCourse(t, tutor);
    await buildEnrolment(t, buyer, course);
    const res = await t.op('singleCourse', { params: { id: course.id }, token: buyer.token });
    videoUrl = res.body.coursesDto.courseVideoUrl!;
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers });
  const message = async (res: Response) =>
    ((await res.json()) as { responseDto: { message: string } }).responseDto.message;

  it('serves images publicly with long-lived cache headers and revalidation', async () => {
    const res = await get(`/media/${course.imageKey}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(PNG_BYTES.length));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(`/media/${course.imageKey}`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('answers Range requests with 206 and Content-Range, and 416 outside the file', async () => {
    const size = MP4_BYTES.length;
    const part = await get(videoUrl, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${size}`);
    expect(part.headers.get('content-length')).toBe('8');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('etag')).toBeTruthy();
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4_BYTES.subarray(4, 12))).toBe(true);

    const open = await get(videoUrl, { range: 'bytes=100-' });
    expect(open.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect((await open.arrayBuffer()).byteLength).toBe(size - 100);
    const suffix = await get(videoUrl, { range: 'bytes=-10' });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);

    const outside = await get(videoUrl, { range: `bytes=${size}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    const whole = await get(videoUrl);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
    const stale = await get(videoUrl, { range: 'bytes=0-1', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    const img = await get(`/media/${course.imageKey}`, { range: 'bytes=0-3' });
    expect(img.status).toBe(206);
  });

  it('refuses unsigned, tampered and expired video links with 403', async () => {
    const url = new URL(videoUrl, t.url);
    const unsigned = await get(url.pathname);
    expect(unsigned.status).toBe(403);
    expect(await message(unsigned)).toBe('This file needs a signed link. Open it from the course page.');

    const tampered: [string, string][] = [
      ['sig', `${url.searchParams.get('sig')!.slice(0, -2)}xx`],
      ['v', String(buyer.id + 1)],
      ['exp', String(Number(url.searchParams.get('exp')) + 3600)],
    ];
    for (const [param, value] of tampered) {
      const u = new URL(url);
      u.searchParams.set(param, value);
      const res = await get(`${u.pathname}${u.search}`);
      expect(res.status, param).toBe(403);
      expect(await message(res)).toBe('This link is not valid.');
    }
    // The signature of one file does not open another.
    const other = await get(`/media/${course.seriesVideoKeys[0]}${url.search}`);
    expect(other.status).toBe(403);

    const expired = signMediaPath(
      t.config.jwtSecret,
      course.videoKey,
      buyer.id,
      Math.floor(Date.now() / 1000) - 1,
    );
    const res = await get(expired);
    expect(res.status).toBe(403);
    expect(await message(res)).toBe('This link has expired. Open the course again to get a fresh one.');
  });

  it('checks entitlement at every fetch: a correctly signed link of someone without the course is refused', async () => {
    const stranger = await buildStudent(t);
    const exp = Math.floor(Date.now() / 1000) + 600;
    // A lesson's video (the trailer of a published course is open to anyone: test/media/trailer.test.ts).
    const lesson = course.seriesVideoKeys[0]!;
    const res = await get(signMediaPath(t.config.jwtSecret, lesson, stranger.id, exp));
    expect(res.status).toBe(403);
    expect(await message(res)).toBe('This link no longer gives access to this file. Open the course again.');
    const owner = await get(signMediaPath(t.config.jwtSecret, lesson, tutor.id, exp), {
      range: 'bytes=0-7',
    });
    expect(owner.status).toBe(206);
  });

  it('signs links for about two hours', () => {
    const exp = Number(new URL(videoUrl, t.url).searchParams.get('exp'));
    const left = exp - Date.now() / 1000;
    expect(left).toBeGreaterThan(7100);
    expect(left).toBeLessThanOrEqual(7200);
  });

  it('answers 404 for unknown or malformed file names', async () => {
    expect((await get('/media/images/nope.png')).status).toBe(404);
    expect((await get('/media/images/..%2F..%2Fjwt-secret')).status).toBe(404);
    const signed = signMediaPath(
      t.config.jwtSecret,
      'videos/nope.mp4',
      buyer.id,
      Math.floor(Date.now() / 1000) + 60,
    );
    expect((await get(signed)).status).toBe(404);
  });

  it('lets only entitled users obtain a link: every series link signs for the viewer', async () => {
    const stranger = await buildStudent(t);
    const res = await t.op('singleCourse', { params: { id: course.id }, token: stranger.token });
    // The trailer sells the course, so it is signed for anyone; the lessons are not.
    expect(res.body.coursesDto.courseVideoUrl).toMatch(/sig=/);
    for (const s of res.body.coursesDto.sectionDto)
      for (const x of s.seriesList) expect(x.videoLink).toBeNull();
    // The buyer plays the lessons' encrypted ladders in our app: their original MP4s are not given to students
    // (test/media/legacy-links.test.ts: only a spec client on CORS_ORIGINS gets them).
    const bought = await t.op('singleCourse', { params: { id: course.id }, token: buyer.token });
    for (const s of bought.body.coursesDto.sectionDto)
      for (const x of s.seriesList) expect(x.videoLink).toBeNull();
    const mine = await t.op('singleCourse', { params: { id: course.id }, token: tutor.token });
    const links = mine.body.coursesDto.sectionDto.flatMap((s) => s.seriesList.map((x) => x.videoLink!));
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(new URL(link, t.url).searchParams.get('v')).toBe(String(tutor.id));
      expect((await get(link, { range: 'bytes=0-7' })).status).toBe(206);
    }
  });
});
