import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sections, series } from '../../src/db/schema.ts';
import { captions } from '../../src/db/schema-captions.ts';
import { quizzes, watchCoverage } from '../../src/db/schema-learning.ts';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { signMediaPath } from '../../src/services/storage/signing.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, buildMedia, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { buySeat, makeCohort } from './helpers.ts';

const at = (iso: string) => new Date(iso);
// The cohort starts on Tuesday 12 January 2027 at 09:00 in Lagos (08:00 UTC).
const START = at('2027-01-12T08:00:00Z');

describe('release rules of a cohort', () => {
  const t = useTestApp();
  let tutor: TestAccount;
  let course: TestCourse;
  let cohortId: number;
  /** Sections in order: cohort day 0 at 09:00, enrolment day 10, a date, after the previous one. */
  let s: { id: number; lessonKeys: string[] }[];
  let quizId: number;
  let resourceKey: string;

  afterEach(() => setCohortClock(null));

  beforeAll(async () => {
    setCohortClock(at('2027-01-05T10:00:00Z'));
    tutor = await buildTutor(t);
    course = await buildApprovedCourse(t, tutor);
    // Two more sections of one lesson each beside the factory's two.
    for (const position of [3, 4]) {
      const [section] = await t.ctx.db
        .insert(sections)
        .values({ courseId: course.id, position, title: `Section ${position}` })
        .returning();
      await t.ctx.db.insert(series).values({
        sectionId: section!.id,
        position: 1,
        title: `Lesson ${position}.1`,
        videoRef: await buildMedia(t, tutor, 'video'),
      });
    }
    const rows = await t.ctx.db
      .select({ id: sections.id, key: series.videoRef, seriesId: series.id })
      .from(sections)
      .innerJoin(series, eq(series.sectionId, sections.id))
      .where(eq(sections.courseId, course.id))
      .orderBy(asc(sections.position), asc(series.position));
    const bySection = new Map<number, string[]>();
    for (const r of rows) bySection.set(r.id, [...(bySection.get(r.id) ?? []), r.key]);
    s = [...bySection].map(([id, lessonKeys]) => ({ id, lessonKeys }));
    // A download on the first lesson and a quiz at the end of the first section.
    resourceKey = await buildMedia(t, tutor, 'resource');
    await t.ctx.db
      .update(series)
      .set({ resourceRef: resourceKey })
      .where(eq(series.videoRef, s[0]!.lessonKeys[0]!));
    const [quiz] = await t.ctx.db
      .insert(quizzes)
      .values({ courseId: course.id, sectionId: s[0]!.id, title: 'Week 1 check' })
      .returning();
    quizId = quiz!.id;

    cohortId = (await makeCohort(t, tutor, course, { startsAt: START })).id;
    const rules = [
      { kind: 'cohort_day', days: 0, localTime: '09:00' },
      { kind: 'enrolment_day', days: 10 },
      { kind: 'date', opensAt: '2027-01-20T10:00:00Z' },
      { kind: 'after_previous' },
    ] as const;
    for (const [i, rule] of rules.entries()) {
      const res = await t.op('releaseRuleSet', { body: { sectionId: s[i]!.id, rule }, token: tutor.token });
      expect(res.status, res.text).toBe(200);
    }
    // Set-up through the API: slow on a loaded machine.
  }, 180_000);

  const outline = async (student: TestAccount) => {
    const res = await t.op('singleCourse', { params: { id: course.id }, token: student.token });
    expect(res.status, res.text).toBe(200);
    return res.body.coursesDto.sectionDto;
  };
  const media = (student: TestAccount, key: string) =>
    fetch(
      `${t.url}${signMediaPath(t.config.jwtSecret, key, student.id, Math.floor(Date.now() / 1000) + 600)}`,
    );

  it('locks each section by its rule, shows the opening dates, and never locks a released lesson again', async () => {
    const student = await buildStudent(t);
    await buySeat(t, student, course.id, cohortId); // enrolled on 5 January at 10:00 UTC (fake clock)

    setCohortClock(at('2027-01-12T07:59:00Z'));
    let view = await outline(student);
    expect(view.map((x) => [x.locked, x.opensAt])).toEqual([
      [true, '2027-01-12T08:00:00.000Z'],
      [true, '2027-01-15T10:00:00.000Z'],
      [true, '2027-01-20T10:00:00.000Z'],
      [true, null],
    ]);
    expect(view[0]!.seriesList.every((l) => l.videoLink === null && l.resourceFile === null)).toBe(true);
    // Their week: the sections opening in the next 7 days.
    const week = await t.op('cohortWeek', { token: student.token });
    expect(week.status, week.text).toBe(200);
    expect(week.body.opening.map((o) => [o.sectionTitle, o.opensAt])).toEqual([
      ['Section 1', '2027-01-12T08:00:00.000Z'],
      ['Section 2', '2027-01-15T10:00:00.000Z'],
    ]);
    // The student's course list carries the same locks (it holds media links too).
    const mine = await t.op('userAllCourses', { token: student.token });
    const listed = mine.body.courses.find((c) => c.id === course.id)!;
    expect(listed.sectionDto.map((x) => x.locked)).toEqual([true, true, true, true]);
    expect(listed.sectionDto.flatMap((x) => x.seriesList).every((l) => l.videoLink === null)).toBe(true);

    // Media, downloads and quizzes of a locked lesson: 403 with its opening date.
    for (const key of [s[0]!.lessonKeys[0]!, resourceKey]) {
      const res = await media(student, key);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { responseDto: { message: string } }).responseDto.message).toBe(
        'This lesson opens on 12 January 2027, 09:00 WAT.',
      );
    }
    for (const op of ['quizGet', 'quizSubmit'] as const) {
      const res = await t.op(op, { body: { quizId, answers: [] }, token: student.token });
      expect(res.status).toBe(403);
      expect(res.body.responseDto.message).toBe('This lesson opens on 12 January 2027, 09:00 WAT.');
    }
    const last = await media(student, s[3]!.lessonKeys[0]!);
    expect(last.status).toBe(403);
    expect(((await last.json()) as { responseDto: { message: string } }).responseDto.message).toBe(
      'This lesson opens when you complete the previous section.',
    );

    // 09:00 in Lagos on the first day: the first section opens, with its links, media and quiz.
    setCohortClock(START);
    view = await outline(student);
    expect(view[0]).toMatchObject({ locked: false, opensAt: null });
    // (A student never gets the uploaded MP4's link: they watch the encrypted ladder. The media itself opens.)
    expect(view[0]!.seriesList[0]!.resourceFile).toMatch(/^\/media\/resources\//);
    expect((await media(student, s[0]!.lessonKeys[0]!)).status).toBe(200);
    expect((await media(student, resourceKey)).status).toBe(200);
    expect((await t.op('quizGet', { body: { quizId }, token: student.token })).status).toBe(200);
    expect(view[1]!.locked).toBe(true);

    // The tutor moves the first section's date later: released already, it stays open.
    await t.op('releaseRuleSet', {
      body: { sectionId: s[0]!.id, rule: { kind: 'date', opensAt: '2027-03-01T08:00:00Z' } },
      token: tutor.token,
    });
    expect((await outline(student))[0]!.locked).toBe(false);
    expect((await media(student, s[0]!.lessonKeys[0]!)).status).toBe(200);
    await t.op('releaseRuleSet', {
      body: { sectionId: s[0]!.id, rule: { kind: 'cohort_day', days: 0, localTime: '09:00' } },
      token: tutor.token,
    });

    // Ten days after the enrolment; then the date; then the last section once the third is watched.
    setCohortClock(at('2027-01-15T10:00:00Z'));
    view = await outline(student);
    expect(view.map((x) => x.locked)).toEqual([false, false, true, true]);
    setCohortClock(at('2027-01-20T10:00:00Z'));
    view = await outline(student);
    expect(view.map((x) => x.locked)).toEqual([false, false, false, true]);
    const [third] = await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .where(eq(series.sectionId, s[2]!.id));
    await t.ctx.db
      .insert(watchCoverage)
      .values({ studentId: student.id, seriesId: third!.id, courseId: course.id, watched: true });
    view = await outline(student);
    expect(view.map((x) => x.locked)).toEqual([false, false, false, false]);
    expect((await media(student, s[3]!.lessonKeys[0]!)).status).toBe(200);
    // Unwatching (a reset) does not lock it again.
    await t.ctx.db.delete(watchCoverage).where(eq(watchCoverage.studentId, student.id));
    expect((await outline(student))[3]!.locked).toBe(false);
  });

  it('lets the tutor unlock a section early for one student or for the whole cohort', async () => {
    const [one, two] = [await buildStudent(t), await buildStudent(t)];
    setCohortClock(at('2027-01-08T10:00:00Z'));
    await buySeat(t, one, course.id, cohortId);
    await buySeat(t, two, course.id, cohortId);
    setCohortClock(at('2027-01-13T10:00:00Z'));
    const other = await buildTutor(t);
    const refused = await t.op('releaseUnlock', {
      body: { cohortId, sectionId: s[2]!.id, studentId: one.id },
      token: other.token,
    });
    expect(refused.status).toBe(403);
    const res = await t.op('releaseUnlock', {
      body: { cohortId, sectionId: s[2]!.id, studentId: one.id },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
    expect((await outline(one))[2]!.locked).toBe(false);
    expect((await outline(two))[2]!.locked).toBe(true);
    await t.op('releaseUnlock', { body: { cohortId, sectionId: s[1]!.id }, token: tutor.token });
    expect((await outline(two))[1]!.locked).toBe(false);

    // The tutor's dashboard of the cohort: members, progress, and who has watched nothing for 7 days.
    expect((await t.op('cohortMembers', { body: { cohortId }, token: other.token })).status).toBe(403);
    const board = await t.op('cohortMembers', { body: { cohortId }, token: tutor.token });
    expect(board.status, board.text).toBe(200);
    const row = (id: number) => board.body.members.find((m) => m.studentId === id)!;
    expect(row(one.id)).toMatchObject({ progressPercent: 0, idle: false, sessionsAttended: 0 });
    // The first test's student, enrolled on 5 January, has watched nothing since (their progress was reset).
    expect(board.body.members.filter((m) => m.idle)).toHaveLength(1);
  });

  it("searches only the transcripts of a member's released sections", async () => {
    // Each section's lesson says its own word.
    const perSection = await Promise.all(
      s.map(async (section) => {
        const [lesson] = await t.ctx.db
          .select({ id: series.id })
          .from(series)
          .where(eq(series.sectionId, section.id))
          .orderBy(asc(series.position))
          .limit(1);
        return lesson!.id;
      }),
    );
    await t.ctx.db.insert(captions).values(
      perSection.map((seriesId, i) => ({
        seriesId,
        language: 'en',
        label: 'English',
        format: 'vtt' as const,
        vtt: `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nSecret word number${i + 1}\n`,
        cues: [{ start: 1, end: 3, text: `Secret word number${i + 1}` }],
      })),
    );
    const student = await buildStudent(t);
    setCohortClock(at('2027-01-05T10:00:00Z'));
    await buySeat(t, student, course.id, cohortId);
    const found = async (token: string) => {
      const res = await t.op('transcriptSearch', { body: { courseId: course.id, query: 'secret' }, token });
      expect(res.status, res.text).toBe(200);
      return res.body.hits.map((h) => h.text).sort();
    };
    // Before the cohort starts only the second section is open (the tutor released it to the whole cohort above).
    setCohortClock(at('2027-01-12T07:59:00Z'));
    expect(await found(student.token)).toEqual(['Secret word number2']);
    // The first section opens at 09:00 on the first day; the third on its date.
    setCohortClock(START);
    expect(await found(student.token)).toEqual(['Secret word number1', 'Secret word number2']);
    setCohortClock(at('2027-01-20T10:00:00Z'));
    expect(await found(student.token)).toEqual([1, 2, 3].map((n) => `Secret word number${n}`));
    // The tutor finds every section's words.
    expect(await found(tutor.token)).toEqual([1, 2, 3, 4].map((n) => `Secret word number${n}`));
  });

  it('locks nothing for a self-paced buyer or the tutor', async () => {
    setCohortClock(at('2027-01-06T10:00:00Z'));
    const student = await buildStudent(t);
    await buildEnrolment(t, student, course);
    const view = await outline(student);
    expect(view.every((x) => x.locked === undefined && x.opensAt === undefined)).toBe(true);
    expect((await media(student, s[2]!.lessonKeys[0]!)).status).toBe(200);
    const tutorView = await t.op('singleCourse', { params: { id: course.id }, token: tutor.token });
    expect(tutorView.body.coursesDto.sectionDto.every((x) => x.locked === undefined)).toBe(true);
  });

  it("shows anyone the cohort's timetable: each section's opening by its rule, and its sessions", async () => {
    const list = await t.op('cohortList', { body: { courseId: course.id } });
    expect(list.status, list.text).toBe(200);
    const schedule = list.body.schedules.find((x) => x.cohortId === cohortId)!;
    expect(schedule.sections.map((x) => [x.kind, x.days, x.opensAt])).toEqual([
      ['cohort_day', 0, '2027-01-12T08:00:00.000Z'],
      ['enrolment_day', 10, null],
      ['date', 0, '2027-01-20T10:00:00.000Z'],
      ['after_previous', 0, null],
    ]);
    expect(schedule.sessions).toEqual([]);
  });
});
