import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema.ts';
import { certificates, watchCoverage } from '../../src/db/schema-learning.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { elapse, lessonIds, report, setLessonSeconds, watchLesson } from '../certificates/helpers.ts';

describe('completion the server can trust', () => {
  const t = useTestApp();

  /** A student who owns a fresh course of four 100-second lessons. */
  const owned = async (seconds = 100) => {
    const tutor = await buildTutor(t);
    const course: TestCourse = await buildApprovedCourse(t, tutor);
    await setLessonSeconds(t, course, seconds);
    const student = await buildStudent(t);
    await buildEnrolment(t, student, course);
    return { tutor, course, student, lessons: await lessonIds(t, course.id) };
  };
  const coverage = async (student: TestAccount, seriesId: number) =>
    (
      await t.ctx.db
        .select()
        .from(watchCoverage)
        .where(and(eq(watchCoverage.studentId, student.id), eq(watchCoverage.seriesId, seriesId)))
    )[0];

  it("a fake 'completed' or a jump to the end earns nothing, though the player's flag still counts for the percentage", async () => {
    const { course, student, lessons } = await owned();
    const [a, b, c] = lessons as [number, number, number];
    // The end claimed at once.
    const claimed = await report(t, student, course.id, a, 100, true);
    expect(claimed.completedSeriesIds).toEqual([a]);
    expect(claimed.percent).toBe(25);
    expect(claimed.watchedSeriesIds).toEqual([]);
    expect(claimed.complete).toBe(false);
    expect(claimed.certificateCode).toBeNull();
    // Start, then jump to the end a second later.
    await report(t, student, course.id, b, 0);
    await elapse(t, student.id, b, 1);
    const jumped = await report(t, student, course.id, b, 100);
    expect(jumped.watchedSeriesIds).toEqual([]);
    // Many small steps sent in a burst: the jitter allowance is spent once, not per report.
    // The server's clock for this lesson starts at the report of second 0, so the real time is measured from before
    // it is sent: the burst then took at least as long here as the server saw.
    const began = Date.now();
    await report(t, student, course.id, c, 0);
    for (let at = 2; at <= 40; at += 2) await report(t, student, course.id, c, at);
    const took = (Date.now() - began) / 1000;
    const burst = await coverage(student, c);
    expect(burst!.watched).toBe(false);
    // At most twice the real time the burst took, plus the 2 s slack once.
    expect(burst!.ranges.reduce((s, [x, y]) => s + (y - x), 0)).toBeLessThanOrEqual(2 * took + 2);
    // Faster than twice real time (45 s of video in 15 s) credits nothing.
    await elapse(t, student.id, b, 15);
    await report(t, student, course.id, b, 45);
    expect((await coverage(student, b))!.ranges).toEqual([]);
  });

  it('watching in real time (up to twice the speed) makes a lesson watched, and seeking skips what was skipped', async () => {
    const { course, student, lessons } = await owned();
    const [a, b] = lessons as [number, number];
    const after = await watchLesson(t, student, course.id, a, 100);
    expect(after.watchedSeriesIds).toEqual([a]);
    expect((await coverage(student, a))!.ranges).toEqual([[0, 100]]);

    // At 2x: 30 s of video every 15 s counts.
    await report(t, student, course.id, b, 0);
    for (let at = 30; at <= 60; at += 30) {
      await elapse(t, student.id, b, 15);
      await report(t, student, course.id, b, at);
    }
    // A seek from 60 to 85 credits nothing; watching on from there does.
    await elapse(t, student.id, b, 1);
    await report(t, student, course.id, b, 85);
    await elapse(t, student.id, b, 15);
    const seeked = await report(t, student, course.id, b, 100, true);
    expect((await coverage(student, b))!.ranges).toEqual([
      [0, 60],
      [85, 100],
    ]);
    expect(seeked.watchedSeriesIds).toEqual([a]);
    // Going back and watching the gap fills it: 100 % covered.
    await elapse(t, student.id, b, 1);
    await report(t, student, course.id, b, 60);
    await elapse(t, student.id, b, 15);
    const filled = await report(t, student, course.id, b, 85);
    expect(filled.watchedSeriesIds).toEqual([a, b]);
    expect((await coverage(student, b))!.ranges).toEqual([[0, 100]]);
  });

  it('a first report far into a lesson credits nothing but starts the clock there', async () => {
    const { course, student, lessons } = await owned();
    const a = lessons[0]!;
    await report(t, student, course.id, a, 50);
    expect((await coverage(student, a))!.ranges).toEqual([]);
    await elapse(t, student.id, a, 15);
    await report(t, student, course.id, a, 65);
    expect((await coverage(student, a))!.ranges).toEqual([[50, 65]]);
  });

  it('a late, older report never moves the stored position back', async () => {
    const { course, student, lessons } = await owned();
    const a = lessons[0]!;
    await report(t, student, course.id, a, 0);
    await elapse(t, student.id, a, 30);
    expect((await report(t, student, course.id, a, 50)).lastPositionSeconds).toBe(50);
    const late = await report(t, student, course.id, a, 30);
    expect(late.lastPositionSeconds).toBe(50);
    const read = await t.op('progressCourse', { token: student.token, body: { courseId: course.id } });
    expect(read.body.progress.lastPositionSeconds).toBe(50);
  });

  it('a lesson whose length is not known yet is not watched; it counts once the length is known', async () => {
    const { course, student, lessons } = await owned();
    await setLessonSeconds(t, { ...course, seriesVideoKeys: [course.seriesVideoKeys[0]!] }, null as never);
    const a = lessons[0]!;
    const done = await watchLesson(t, student, course.id, a, 60);
    expect(done.watchedSeriesIds).toEqual([]);
    expect((await coverage(student, a))!.ranges).toEqual([[0, 60]]);
    await setLessonSeconds(t, { ...course, seriesVideoKeys: [course.seriesVideoKeys[0]!] }, 60);
    await elapse(t, student.id, a, 1);
    expect((await report(t, student, course.id, a, 60, true)).watchedSeriesIds).toEqual([a]);
  });

  it('watching every lesson completes a course without quizzes and issues one certificate, announced once', async () => {
    const { course, student, lessons } = await owned(40);
    for (const id of lessons.slice(0, -1)) await watchLesson(t, student, course.id, id, 40);
    const last = lessons[lessons.length - 1]!;
    await report(t, student, course.id, last, 0);
    await elapse(t, student.id, last, 30);
    // Ten copies of the report that finishes the course arrive at once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.op('progressUpdate', {
          token: student.token,
          body: { courseId: course.id, seriesId: last, positionSeconds: 40, completed: true },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const read = await t.op('progressCourse', { token: student.token, body: { courseId: course.id } });
    expect(read.body.progress).toMatchObject({
      percent: 100,
      watchedSeriesIds: [...lessons].sort((x, y) => x - y),
      passedQuizIds: [],
      complete: true,
    });
    const code = read.body.progress.certificateCode!;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    const rows = await t.ctx.db.select().from(certificates).where(eq(certificates.studentId, student.id));
    expect(rows).toHaveLength(1);
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, student.id), eq(notifications.type, 'certificate-issued')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/certificate/${code}`);
    // My courses carries it too.
    const mine = await t.op('userAllCourses', { token: student.token });
    expect(mine.body.courses.find((c) => c.id === course.id)!.progress!.certificateCode).toBe(code);
  });
});
