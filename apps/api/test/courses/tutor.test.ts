import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses } from '../../src/db/schema.ts';
import { buyInSandbox } from '../payouts/helpers.ts';
import { buildAdmin, buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildCourse, courseInput } from '../factories-course.ts';
import { containsSecrets, useTestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';

describe('tutor course authoring', () => {
  const t = useTestApp();
  const [tutor, other] = useAccounts(t, 'tutor', 'tutor');

  /** Sends `body` changed by each case as a new course: each is refused with a 400 and its own message. */
  const expectEachRefused = async (
    body: Record<string, unknown>,
    cases: [Record<string, unknown>, string][],
  ) => {
    for (const [over, message] of cases) {
      const res = await t.api(opPath('createCourse'), { body: { ...body, ...over }, token: tutor.token });
      expect(res.status, message).toBe(400);
      expect(res.body.responseDto.message).toBe(message);
    }
  };

  it('creates a Pending course with its sections, series and media links for the tutor', async () => {
    const body = await courseInput(t, tutor, { nairaPrice: 12500.5 });
    const res = await t.op('createCourse', { body, token: tutor.token });
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: 'Course created successfully' });
    const c = res.body.coursesDto;
    expect(c).toMatchObject({
      title: body.title,
      author: tutor.fullName,
      nairaPrice: 12500.5,
      status: 'Pending',
      courseGroup: 'SoftwareEngineering',
      courseCategory: 'BackendEngineer',
      canWatch: true,
      owned: false,
      buyerCount: 0,
      totalEarnings: 0,
    });
    expect(c.courseImageUrl).toBe(body.courseImageUrl);
    expect(c.courseVideoUrl).toMatch(/^\/media\/videos\/[\w-]+\.mp4\?exp=\d+&v=\d+&sig=/);
    // The edit screen names the promo video by the file the tutor uploaded, not by its stored id.
    expect(c.courseVideoFile).toBe('promo.mp4');
    expect(c.timeCreated).toHaveLength(6);
    expect(c.timeCreated[0]).toBe(new Date().getUTCFullYear());
    expect(c.sectionDto).toHaveLength(1);
    expect(c.sectionDto[0]!.seriesList[0]).toMatchObject({ title: 'Welcome', videoFile: 'lesson.mp4' });
    expect(c.sectionDto[0]!.seriesList[0]!.videoLink).toMatch(/^\/media\/videos\/.+sig=/);
    expect(containsSecrets(res.text)).toBe(false);
  });

  it("names the promo video's file only to its tutor and admins", async () => {
    const created = await t.op('createCourse', { body: await courseInput(t, tutor), token: tutor.token });
    const id = created.body.coursesDto.id;
    const admin = await buildAdmin(t);
    await t.op('processCourse', { body: { id, status: 'Approved' }, token: admin.token });
    const as = async (token?: string) =>
      (await t.op('singleCourse', { params: { id }, token })).body.coursesDto?.courseVideoFile;
    expect(await as(tutor.token)).toBe('promo.mp4');
    expect(await as(admin.token)).toBe('promo.mp4');
    const student = await buildStudent(t);
    expect(await as(student.token)).toBeNull();
    const guest = await t.op('viewSingleCourse', { body: { courseId: id } });
    expect(guest.body.coursesDto.courseVideoFile ?? null).toBeNull();
  });

  it('refuses a course without sections, or with an empty section, with the spec messages', async () => {
    const body = await courseInput(t, tutor);
    const none = await t.op('createCourse', {
      body: { ...body, sectionDto: [] },
      token: tutor.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.responseDto.message).toBe('You must add one section with series to the course');
    const missing = await t.op('createCourse', {
      body: { ...body, sectionDto: undefined },
      token: tutor.token,
    });
    expect(missing.body.responseDto.message).toBe('You must add one section with series to the course');
    const empty = await t.op('createCourse', {
      body: { ...body, sectionDto: [...body.sectionDto, { title: 'Empty', seriesList: [] }] },
      token: tutor.token,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.responseDto.message).toBe('Section 2 must contain at least one series');
  });

  it('refuses missing fields, bad prices and unknown categories with readable messages', async () => {
    const body = await courseInput(t, tutor);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'Title is required'],
      [{ description: undefined }, 'Description is required'],
      [{ nairaPrice: 0 }, 'Price must be more than ₦0'],
      [{ nairaPrice: 10.001 }, 'Price can have at most 2 decimal places'],
      [{ courseCategory: 'Astrology' }, 'Unknown course category "Astrology".'],
      [
        { courseGroup: 'DataAndAI' },
        'Course category "BackendEngineer" does not belong to course group "DataAndAI".',
      ],
    ];
    await expectEachRefused(body, cases);
  });

  it('refuses media that is not an upload of this tutor, or of the wrong kind', async () => {
    const mine = await courseInput(t, tutor);
    const theirs = await courseInput(t, other);
    const cases: [Record<string, unknown>, string][] = [
      [
        { courseImageUrl: 'https://example.com/cat.png' },
        'Course image must be a file uploaded with /images/add.',
      ],
      [
        { courseImageUrl: theirs.courseImageUrl },
        'Course image was not found among your uploads. Upload it again.',
      ],
      [{ courseImageUrl: mine.courseVideoUrl }, 'Course image must be an image.'],
      [
        { courseVideoUrl: '/media/videos/does-not-exist.mp4' },
        'Course video was not found among your uploads. Upload it again.',
      ],
      [
        { sectionDto: [{ title: 'S', seriesList: [{ title: 'x', videoLink: mine.courseImageUrl }] }] },
        'Section 1 series 1 video must be a video.',
      ],
    ];
    await expectEachRefused(mine, cases);
  });

  it('accepts back the signed links the API handed out', async () => {
    const created = await t.op('createCourse', {
      body: await courseInput(t, tutor),
      token: tutor.token,
    });
    const c = created.body.coursesDto;
    const res = await t.op('updateCourse', {
      token: tutor.token,
      body: {
        ...c,
        title: `${c.title} (2nd edition)`,
        sectionDto: c.sectionDto.map((s) => ({
          ...s,
          seriesList: s.seriesList.map((x) => ({ ...x, videoLink: `${t.url}${x.videoLink}` })),
        })),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.coursesDto.title).toBe(`${c.title} (2nd edition)`);
    expect(res.body.coursesDto.sectionDto[0]!.seriesList[0]!.videoLink).toMatch(/sig=/);
  });

  it('lists only the tutor’s own live courses, paged, with buyers and earnings', async () => {
    const t2 = await buildTutor(t);
    const a = await buildCourse(t, t2, {
      title: 'Older',
      createdAt: new Date('2025-01-01T00:00:00Z'),
      nairaPrice: 4000,
    });
    await buildCourse(t, t2, { title: 'Newer', status: 'Pending' });
    await buildCourse(t, other, { title: 'Not mine' });
    const s1 = await buildStudent(t);
    const s2 = await buildStudent(t);
    await buyInSandbox(t, s1, [a.id]);
    // A later price change leaves the earlier sale as it was.
    await t.ctx.db.update(courses).set({ priceKobo: 500050 }).where(eq(courses.id, a.id));
    await buyInSandbox(t, s2, [a.id]);
    const page0 = await t.op('tutorCourses', {
      body: { pageSize: 1, pageNo: 0 },
      token: t2.token,
    });
    expect(page0.status).toBe(200);
    expect(page0.body.totalData).toBe(2);
    expect(page0.body.coursesDtos.map((c) => c.title)).toEqual(['Newer']);
    const page1 = await t.op('tutorCourses', {
      body: { pageSize: 1, pageNo: 1 },
      token: t2.token,
    });
    expect(page1.body.coursesDtos[0]).toMatchObject({
      title: 'Older',
      buyerCount: 2,
      totalEarnings: 7200.4, // the tutor's net: 80 % of ₦4,000 + ₦5,000.50
      studentCount: 2,
    });
    expect(page1.body.coursesDtos[0]!.timeCreated).toEqual([2025, 1, 1, 0, 0, 0]);
  });

  it('edits a Pending or Rejected course back to Pending, but never an Approved one', async () => {
    for (const status of ['Pending', 'Rejected'] as const) {
      const course = await buildCourse(t, tutor, { status });
      const body = { ...(await courseInput(t, tutor)), id: course.id, title: `Edited ${status}` };
      const res = await t.op('updateCourse', { body, token: tutor.token });
      expect(res.status).toBe(200);
      expect(res.body.responseDto.message).toBe('Course updated successfully');
      expect(res.body.coursesDto).toMatchObject({
        id: course.id,
        title: `Edited ${status}`,
        status: 'Pending',
      });
      expect(res.body.coursesDto.sectionDto).toHaveLength(1);
    }
    const approved = await buildCourse(t, tutor, { status: 'Approved' });
    const res = await t.op('updateCourse', {
      body: { ...(await courseInput(t, tutor)), id: approved.id },
      token: tutor.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe(
      'An approved course cannot be edited. Only Pending or Rejected courses can be changed.',
    );
  });

  it('deletes only a Pending course, softly: it leaves the lists but purchase history keeps it', async () => {
    const pending = await buildCourse(t, tutor, { status: 'Pending' });
    const res = await t.op('deleteCourse', { body: { id: pending.id }, token: tutor.token });
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: 'Course deleted' });
    const again = await t.op('deleteCourse', { body: { id: pending.id }, token: tutor.token });
    expect(again.status).toBe(404);
    const list = await t.op('tutorCourses', {
      body: { pageSize: 100, pageNo: 0 },
      token: tutor.token,
    });
    expect(list.body.coursesDtos.some((c) => c.id === pending.id)).toBe(false);

    for (const status of ['Approved', 'Rejected'] as const) {
      const c = await buildCourse(t, tutor, { status });
      const refused = await t.op('deleteCourse', { body: { id: c.id }, token: tutor.token });
      expect(refused.status).toBe(400);
      expect(refused.body.responseDto.message).toBe(
        `Only a Pending course can be deleted; this one is ${status}.`,
      );
    }
  });

  it('keeps two tutors out of each other’s courses (403) and answers 404 for unknown ids', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const body = { ...(await courseInput(t, other)), id: course.id };
    const upd = await t.op('updateCourse', { body, token: other.token });
    expect(upd.status).toBe(403);
    expect(upd.body.responseDto.message).toBe('This course belongs to another tutor.');
    const del = await t.op('deleteCourse', { body: { id: course.id }, token: other.token });
    expect(del.status).toBe(403);
    const view = await t.op('singleCourse', { params: { id: course.id }, token: other.token });
    expect(view.status).toBe(404);
    const mine = await t.op('singleCourse', { params: { id: course.id }, token: tutor.token });
    expect(mine.status).toBe(200);
    expect(await t.op('updateCourse', { body: { ...body, id: 999999 }, token: other.token })).toMatchObject({
      status: 404,
    });
    expect((await t.op('deleteCourse', { body: { id: 999999 }, token: tutor.token })).status).toBe(404);
  });

  it('answers 401 without a token and 403 for students and admins', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    const body = await courseInput(t, tutor);
    const anon = await t.op('createCourse', { body });
    expect(anon.status).toBe(401);
    expect(anon.body.responseDto.code).toBe('dk96');
    for (const who of [student, admin]) {
      expect((await t.op('createCourse', { body, token: who.token })).status).toBe(403);
      expect((await t.op('tutorCourses', { body: {}, token: who.token })).status).toBe(403);
      expect((await t.op('deleteCourse', { body: { id: 1 }, token: who.token })).status).toBe(403);
    }
    expect((await t.op('tutorCourses', { body: {}, token: 'not-a-token' })).status).toBe(401);
  });
});
