import { beforeAll, describe, expect, it } from 'vitest';
import { signMediaPath } from '../../src/services/storage/signing.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

describe('protected media behind nginx (MEDIA_ACCEL_REDIRECT=/protected-media/)', () => {
  const t = useTestApp({ env: { MEDIA_ACCEL_REDIRECT: '/protected-media/' } });
  let buyer: TestAccount;
  let course: TestCourse;
  let videoUrl: string;
  beforeAll(async () => {
    const tutor = await buildTutor(t);
    buyer = await buildStudent(t);
    course = await buildCourse(t, tutor);
    await buildEnrolment(t, buyer, course);
    const res = await t.op('singleCourse', { params: { id: course.id }, token: buyer.token });
    videoUrl = res.body.coursesDto.courseVideoUrl!;
  });

  const get = (p: string) => fetch(`${t.url}${p}`, { headers: { range: 'bytes=0-7' } });

  it('answers an entitled, signed link with X-Accel-Redirect and no bytes, for nginx to send', async () => {
    const res = await get(videoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-accel-redirect')).toBe(`/protected-media/${course.videoKey}`);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(await res.text()).toBe('');
  });

  it('still refuses bad signatures, strangers and unknown files itself', async () => {
    const u = new URL(videoUrl, t.url);
    u.searchParams.set('sig', 'x'.repeat(43));
    const tampered = await get(`${u.pathname}${u.search}`);
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get('x-accel-redirect')).toBeNull();

    const stranger = await buildStudent(t);
    const exp = Math.floor(Date.now() / 1000) + 600;
    // A lesson's video: a published course's trailer is open to anyone.
    const lesson = course.seriesVideoKeys[0]!;
    const foreign = await get(signMediaPath(t.config.jwtSecret, lesson, stranger.id, exp));
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('x-accel-redirect')).toBeNull();

    const missing = await get(signMediaPath(t.config.jwtSecret, 'videos/nope.mp4', buyer.id, exp));
    expect(missing.status).toBe(404);
  });

  it('serves public images itself', async () => {
    const res = await get(`/media/${course.imageKey}`);
    expect(res.status).toBe(206);
    expect(res.headers.get('x-accel-redirect')).toBeNull();
  });
});
