import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { jobs, notifications } from '../../src/db/schema.ts';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { buySeat, makeCohort } from '../cohorts/helpers.ts';
import { buildAssignment, buildGradedCourse, SCORES, submitText } from './helpers.ts';

describe('assignments: drafts, submitting, grading and resubmitting', () => {
  const t = useTestApp();
  afterEach(() => setCohortClock(null));

  it('keeps the draft as typed, refuses to submit empty or broken work with what to do, then is final', async () => {
    const { assignment, student } = await buildGradedCourse(t);
    const assignmentId = assignment.id;
    const draft = (body: { text?: string; link?: string }) =>
      t.op('assignmentDraft', { body: { assignmentId, ...body }, token: student.token });
    const submit = () => t.op('assignmentSubmit', { body: { assignmentId }, token: student.token });

    const empty = await submit();
    expect(empty.status).toBe(400);
    expect(empty.body.responseDto.message).toBe('Write your answer before submitting.');
    expect((await draft({ text: '   ' })).status).toBe(200);
    expect((await submit()).body.responseDto.message).toBe('Write your answer before submitting.');
    const saved = await draft({ text: 'First line\n<script>alert(1)</script>' });
    expect(saved.body.submission).toMatchObject({ status: 'draft', attemptNo: 1 });
    // The draft is what was typed, byte for byte, as plain text.
    const mine = await t.op('assignmentGet', { body: { assignmentId }, token: student.token });
    expect(mine.body.attempts[0]!.text).toBe('First line\n<script>alert(1)</script>');
    expect(mine.body.standing).toMatchObject({ status: 'draft', attemptsUsed: 0, resubmissionsLeft: 1 });

    const sent = await submit();
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.submission).toMatchObject({ status: 'submitted', late: false });
    const locked = await draft({ text: 'changed my mind' });
    expect(locked.status).toBe(409);
    expect(locked.body.responseDto.message).toBe(
      'Your work is submitted. It can change only once your tutor returns it.',
    );
    expect((await submit()).status).toBe(409);
    const after = await t.op('assignmentGet', { body: { assignmentId }, token: student.token });
    expect(after.body.attempts[0]!.text).toBe('First line\n<script>alert(1)</script>');
  });

  it('refuses a broken link and accepts a working one', async () => {
    const { assignment, student } = await buildGradedCourse(t, { submissionType: 'link' });
    const body = { assignmentId: assignment.id };
    for (const link of ['github.com/me', 'not a link', 'javascript:alert(1)', 'https://localhost']) {
      await t.op('assignmentDraft', { body: { ...body, link }, token: student.token });
      const res = await t.op('assignmentSubmit', { body, token: student.token });
      expect(res.status, link).toBe(400);
      expect(res.body.responseDto.message).toMatch(/This link does not work. Paste a full link/);
    }
    await t.op('assignmentDraft', {
      body: { ...body, link: 'https://github.com/me/pipeline' },
      token: student.token,
    });
    const ok = await t.op('assignmentSubmit', { body, token: student.token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.submission.link).toBe('https://github.com/me/pipeline');
  });

  it('two graders at once: one grade is kept, the second is told who graded it', async () => {
    const { tutor, course, assignment, student } = await buildGradedCourse(t);
    const submission = await submitText(t, student, assignment.id);
    const grade = (outcome: 'pass' | 'fail', feedback: string) =>
      t.op('submissionGrade', {
        body: {
          submissionId: submission.id,
          outcome,
          scores: [...SCORES[outcome === 'pass' ? 16 : 8]],
          feedback,
        },
        token: tutor.token,
      });
    const [a, b] = await Promise.all([grade('pass', 'Great work.'), grade('fail', 'Not yet.')]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.responseDto.message).toBe(
      `This submission was already graded by ${tutor.fullName}. Open the queue for the next one.`,
    );
    // The student sees the one grade: the score per criterion and the feedback.
    const won = a.status === 200 ? a : b;
    const mine = await t.op('assignmentGet', { body: { assignmentId: assignment.id }, token: student.token });
    expect(mine.body.attempts[0]).toMatchObject({
      status: won.body.submission.status,
      feedback: won.body.submission.feedback,
      gradedBy: tutor.fullName,
    });
    expect(mine.body.attempts[0]!.scores.map((s) => s.points)).toEqual(
      won.body.submission.status === 'passed' ? [10, 6] : [5, 3],
    );
    // Told once in the app, and by email (the job is queued with the notification).
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, student.id), eq(notifications.type, 'assignment-graded')));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(new RegExp(`Your work on "${assignment.title}" (passed|did not pass)`));
    const emails = await t.ctx.db.select().from(jobs).where(eq(jobs.name, NOTIFICATION_EMAIL_JOB));
    expect(emails.some((j) => (j.payload as { notificationId: number }).notificationId === told[0]!.id)).toBe(
      true,
    );
    // A graded submission leaves the queue.
    const queue = await t.op('gradingQueue', { body: { courseId: course.id }, token: tutor.token });
    expect(queue.body.items).toEqual([]);
  });

  it('checks the rubric and the pass mark, and returns work only while a resubmission is left', async () => {
    const { tutor, assignment, student } = await buildGradedCourse(t, { maxResubmissions: 1 });
    const first = await submitText(t, student, assignment.id, 'Attempt one');
    const grade = (
      submissionId: number,
      outcome: 'pass' | 'fail' | 'return',
      scores: { criterionId: number; levelId: number }[],
    ) =>
      t.op('submissionGrade', {
        body: { submissionId, outcome, scores, feedback: 'See the notes.' },
        token: tutor.token,
      });

    const partial = await grade(first.id, 'pass', [SCORES[16][0]]);
    expect(partial.status).toBe(400);
    expect(partial.body.responseDto.message).toBe(
      'Score every criterion: "Readable code" has no level chosen.',
    );
    const low = await grade(first.id, 'pass', [...SCORES[8]]);
    expect(low.body.responseDto.message).toBe('A pass needs 10 points; this work scored 8 of 16.');
    const returned = await grade(first.id, 'return', [...SCORES[8]]);
    expect(returned.status, returned.text).toBe(200);
    expect(returned.body.submission.status).toBe('returned');

    // The second attempt starts from the returned work; the first stays in the history.
    const second = await t.op('assignmentDraft', {
      body: { assignmentId: assignment.id },
      token: student.token,
    });
    expect(second.body.submission).toMatchObject({ attemptNo: 2, status: 'draft', text: 'Attempt one' });
    await t.op('assignmentDraft', {
      body: { assignmentId: assignment.id, text: 'Attempt two' },
      token: student.token,
    });
    const sent = await t.op('assignmentSubmit', {
      body: { assignmentId: assignment.id },
      token: student.token,
    });
    expect(sent.body.submission.attemptNo).toBe(2);
    const detail = await t.op('submissionGet', {
      body: { submissionId: sent.body.submission.id },
      token: tutor.token,
    });
    expect(detail.body.history.map((h) => [h.attemptNo, h.status, h.text])).toEqual([
      [1, 'returned', 'Attempt one'],
    ]);

    // No resubmission is left: the grader must pass or fail it.
    const noMore = await grade(sent.body.submission.id, 'return', [...SCORES[8]]);
    expect(noMore.status).toBe(400);
    expect(noMore.body.responseDto.message).toBe(
      'This student has no resubmission left: pass or fail the work.',
    );
    expect((await grade(sent.body.submission.id, 'fail', [...SCORES[8]])).status).toBe(200);
    const closed = await t.op('assignmentDraft', {
      body: { assignmentId: assignment.id, text: 'three' },
      token: student.token,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.responseDto.message).toBe('This assignment is graded. It cannot be changed any more.');
    const standing = await t.op('assignmentGet', {
      body: { assignmentId: assignment.id },
      token: student.token,
    });
    expect(standing.body.standing).toMatchObject({
      status: 'failed',
      attemptsUsed: 2,
      resubmissionsLeft: 0,
      passed: false,
    });
  });

  it('a student cannot start another attempt beyond the resubmissions allowed', async () => {
    const { tutor, assignment, student } = await buildGradedCourse(t, {
      maxResubmissions: 0,
      grading: 'passfail',
      rubric: [],
      passPoints: null,
    });
    const first = await submitText(t, student, assignment.id);
    const ret = await t.op('submissionGrade', {
      body: { submissionId: first.id, outcome: 'return', feedback: 'Again' },
      token: tutor.token,
    });
    expect(ret.status).toBe(400);
    expect(ret.body.responseDto.message).toBe(
      'This student has no resubmission left: pass or fail the work.',
    );
    const pass = await t.op('submissionGrade', {
      body: { submissionId: first.id, outcome: 'pass' },
      token: tutor.token,
    });
    expect(pass.status, pass.text).toBe(200);
    expect(pass.body.submission).toMatchObject({ status: 'passed', score: null, scores: [] });
  });

  it('marks a submission after the cohort due date late, or refuses it when the tutor chose so', async () => {
    setCohortClock(new Date('2027-01-05T10:00:00Z'));
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    const cohort = await makeCohort(t, tutor, course, { startsAt: new Date('2027-01-11T08:00:00Z') });
    const onTime = await buildAssignment(t, course, { dueDays: 5, dueLocalTime: '23:00' });
    const strict = await buildAssignment(t, course, {
      title: 'Strict',
      dueDays: 5,
      dueLocalTime: '23:00',
      refuseLate: true,
    });
    const [a, b] = [await buildStudent(t), await buildStudent(t)];
    for (const s of [a, b]) await buySeat(t, s, course.id, cohort.id);
    const got = await t.op('assignmentGet', { body: { assignmentId: onTime.id }, token: a.token });
    // Day 5 after the start day (11 January) at 23:00 in Lagos is 16 January, 22:00 UTC.
    expect(got.body.standing.dueAt).toBe('2027-01-16T22:00:00.000Z');

    setCohortClock(new Date('2027-01-16T21:59:00Z'));
    expect((await submitText(t, a, onTime.id)).late).toBe(false);
    setCohortClock(new Date('2027-01-16T22:01:00Z'));
    const late = await submitText(t, b, onTime.id);
    expect(late.late).toBe(true);
    await t.op('assignmentDraft', { body: { assignmentId: strict.id, text: 'late' }, token: b.token });
    const refused = await t.op('assignmentSubmit', { body: { assignmentId: strict.id }, token: b.token });
    expect(refused.status).toBe(400);
    expect(refused.body.responseDto.message).toBe(
      'This assignment was due on 16 January 2027, 23:00 WAT. Late submissions are not accepted.',
    );
    // The queue filters by cohort and shows the late mark.
    const queue = await t.op('gradingQueue', { body: { cohortId: cohort.id }, token: tutor.token });
    expect(queue.body.items.map((i) => [i.studentName, i.late])).toEqual([
      [a.fullName, false],
      [b.fullName, true],
    ]);
  });
});
