import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../../src/db/schema.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildCourse } from '../factories-course.ts';
import { cachedRead, useTestApp } from '../harness.ts';

describe("a course's trailer", () => {
  const t = useTestApp();
  const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p, t.url), { headers });

  it('plays for everyone on a published course, with its HLS ladder once ready; lessons keep their rules', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Approved' });
    const stranger = await buildStudent(t);
    for (const token of [undefined, stranger.token]) {
      const res = token
        ? await t.op('singleCourse', { params: { id: course.id }, token })
        : await t.op('viewSingleCourse', { body: { courseId: course.id } });
      expect(res.status, res.text).toBe(200);
      const dto = res.body.coursesDto;
      expect(dto.courseVideoUrl).toMatch(/sig=/);
      expect((await get(dto.courseVideoUrl!, { range: 'bytes=0-7' })).status).toBe(206);
      // Not ready yet: no ladder. Lessons stay closed.
      expect(dto.courseVideoHlsLink ?? null).toBeNull();
      for (const s of dto.sectionDto) for (const l of s.seriesList) expect(l.videoLink).toBeNull();
    }

    // The transcode finished: the trailer's ladder is served to guests too, from the cached card as well.
    const prefix = `hls/${randomUUID()}`;
    await t.ctx.storage.put(
      `${prefix}/master.m3u8`,
      Readable.from(['#EXTM3U\n']),
      'application/vnd.apple.mpegurl',
    );
    await t.ctx.db
      .update(media)
      .set({ videoStatus: 'ready', hlsPrefix: prefix })
      .where(eq(media.key, course.videoKey));
    await t.ctx.cache.invalidateCourse(course.id);
    const guest = await cachedRead(() => t.op('viewSingleCourse', { body: { courseId: course.id } }));
    const hls = guest.body.coursesDto.courseVideoHlsLink!;
    expect(hls).toMatch(/^\/media\/hls\//);
    const playlist = await get(`${hls}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
    const list = await t.op('studentCourses', { body: { pageNo: 0, pageSize: 100 } });
    const card = list.body.coursesDtos.find((c) => c.id === course.id);
    if (card) expect(card.courseVideoUrl).toMatch(/sig=/);
  });

  it('stays closed on a course that is not published', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const res = await t.op('singleCourse', {
      params: { id: course.id },
      token: (await buildStudent(t)).token,
    });
    expect(res.status === 404 || res.body.coursesDto?.courseVideoUrl === null).toBe(true);
    const mine = await t.op('singleCourse', { params: { id: course.id }, token: tutor.token });
    expect(mine.body.coursesDto.courseVideoUrl).toMatch(/sig=/);
  });
});
