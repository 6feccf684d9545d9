import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { outbox } from '../../src/db/schema.ts';
import { peerReviews, submissions } from '../../src/db/schema-assignments.ts';
import { quizAttempts, quizzes } from '../../src/db/schema-learning.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { answer, ask } from '../questions/helpers.ts';
import { sectionIds } from '../quizzes/helpers.ts';
import { buildAssignment, buildGradedCourse, ownerOf, SCORES, submitText } from './helpers.ts';

describe('assistants, the gradebook and peer review', () => {
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'false' } });

  it('an assistant grades, answers with the Assistant badge and sees progress; never money, edits or other courses', async () => {
    const { tutor, course, assignment, student } = await buildGradedCourse(t);
    const assistant = await buildTutor(t);
    const add = await t.op('assistantInvite', {
      body: { courseId: course.id, email: assistant.email },
      token: tutor.token,
    });
    expect(add.status, add.text).toBe(200);
    expect(add.body.added).toBe(true);
    const again = await t.op('assistantInvite', {
      body: { courseId: course.id, email: assistant.email },
      token: tutor.token,
    });
    expect(again.status).toBe(409);
    // Only the course's tutor manages assistants; an assistant cannot add more.
    const third = await buildTutor(t);
    expect(
      (
        await t.op('assistantInvite', {
          body: { courseId: course.id, email: third.email },
          token: assistant.token,
        })
      ).status,
    ).toBe(403);

    // Grades, and the grade records who gave it.
    const sent = await submitText(t, student, assignment.id);
    const queue = await t.op('gradingQueue', { body: {}, token: assistant.token });
    expect(queue.body.items.map((i) => i.submissionId)).toEqual([sent.id]);
    const graded = await t.op('submissionGrade', {
      body: {
        submissionId: sent.id,
        outcome: 'return',
        scores: [...SCORES[8]],
        feedback: 'Add a test stage.',
      },
      token: assistant.token,
    });
    expect(graded.status, graded.text).toBe(200);
    expect(graded.body.submission.gradedBy).toBe(assistant.fullName);
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, sent.id));
    expect(row!.gradedById).toBe(assistant.id);

    // Answers the course's questions with the Assistant badge.
    const questionId = await ask(t, student, {
      courseId: course.id,
      title: 'Which runner?',
      body: 'Which one should I use?',
    });
    await answer(t, assistant, questionId, 'Use the hosted runner.');
    const thread = await t.op('questionGet', { body: { id: questionId }, token: student.token });
    expect(thread.body.answers[0]).toMatchObject({ byTutor: false, byAssistant: true });

    // Sees progress in the gradebook, but no money, no edits, and nothing of another course.
    const book = await t.op('gradebook', { body: { courseId: course.id }, token: assistant.token });
    expect(book.status).toBe(200);
    expect(book.body.rows.map((r) => r.studentName)).toEqual([student.fullName]);
    expect((await t.op('boughtCourse', { body: { id: course.id }, token: assistant.token })).status).toBe(
      403,
    );
    const [sectionId] = await sectionIds(t, course.id);
    const edit = await t.op('assignmentSave', {
      body: {
        courseId: course.id,
        sectionId: sectionId!,
        assignment: { title: 'x', instructions: 'y', submissionType: 'text', grading: 'passfail' },
      },
      token: assistant.token,
    });
    expect(edit.status).toBe(403);
    const other = await buildGradedCourse(t);
    const otherWork = await submitText(t, other.student, other.assignment.id);
    expect(
      (
        await t.op('submissionGrade', {
          body: { submissionId: otherWork.id, outcome: 'fail', scores: [...SCORES[8]] },
          token: assistant.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.op('gradebook', { body: { courseId: other.course.id }, token: assistant.token })).status,
    ).toBe(403);
    expect(
      (await t.op('assisting', { body: {}, token: assistant.token })).body.courses.map((c) => c.id),
    ).toEqual([course.id]);

    // Removed: at once nothing more, and the grade keeps its name.
    const list = await t.op('assistantList', { body: { courseId: course.id }, token: tutor.token });
    expect(list.body.assistants.map((a) => a.email)).toEqual([assistant.email]);
    expect(
      (
        await t.op('assistantRemove', {
          body: { courseId: course.id, accountId: assistant.id },
          token: tutor.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.op('gradingQueue', { body: { courseId: course.id }, token: assistant.token })).status,
    ).toBe(403);
    expect(
      (await t.op('submissionGet', { body: { submissionId: sent.id }, token: assistant.token })).status,
    ).toBe(403);
    const mine = await t.op('assignmentGet', { body: { assignmentId: assignment.id }, token: student.token });
    expect(mine.body.attempts[0]!.gradedBy).toBe(assistant.fullName);
  });

  it('invites an email without an account by email; the tutor who signs up with it accepts, nobody else', async () => {
    const { tutor, course } = await buildGradedCourse(t);
    const email = `helper-${Date.now()}@example.com`;
    const sent = await t.op('assistantInvite', { body: { courseId: course.id, email }, token: tutor.token });
    expect(sent.body.added).toBe(false);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const stranger = await buildTutor(t);
    const wrong = await t.op('assistantAccept', { body: { token }, token: stranger.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.responseDto.message).toBe('This invitation was sent to another email address.');
    const invited = await buildTutor(t, { email });
    const ok = await t.op('assistantAccept', { body: { token }, token: invited.token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ courseId: course.id, courseTitle: course.title });
    expect((await t.op('assistantAccept', { body: { token }, token: invited.token })).status).toBe(404);
    expect((await t.op('gradingQueue', { body: { courseId: course.id }, token: invited.token })).status).toBe(
      200,
    );
  });

  it('the gradebook holds best scores, statuses and late marks; a student sees their own row; the CSV neutralises formulas', async () => {
    const { tutor, course, assignment, student: ada } = await buildGradedCourse(t);
    const [sectionId] = await sectionIds(t, course.id);
    const [quiz] = await t.ctx.db
      .insert(quizzes)
      .values({ courseId: course.id, sectionId: sectionId!, title: 'Check', passPercent: 50 })
      .returning();
    const bola = await ownerOf(t, course);
    const formula = await buildStudent(t, { fullName: '=HYPERLINK("http://evil.example","x")' });
    await buildEnrolment(t, formula, course);
    await t.ctx.db.insert(quizAttempts).values([
      {
        quizId: quiz!.id,
        studentId: ada.id,
        attemptNo: 1,
        score: 1,
        scoreOutOf: 2,
        percent: 40,
        passed: false,
        late: true,
      },
      {
        quizId: quiz!.id,
        studentId: ada.id,
        attemptNo: 2,
        score: 2,
        scoreOutOf: 2,
        percent: 80,
        passed: true,
      },
    ]);
    // Ada: returned at 8, then passed at 13. Bola: submitted, waiting.
    const first = await submitText(t, ada, assignment.id);
    const grade = (
      submissionId: number,
      outcome: 'pass' | 'return',
      scores: { criterionId: number; levelId: number }[],
    ) => t.op('submissionGrade', { body: { submissionId, outcome, scores }, token: tutor.token });
    await grade(first.id, 'return', [...SCORES[8]]);
    const second = await submitText(t, ada, assignment.id, 'Better');
    await grade(second.id, 'pass', [...SCORES[13]]);
    await submitText(t, bola, assignment.id);

    const book = await t.op('gradebook', { body: { courseId: course.id }, token: tutor.token });
    expect(book.status, book.text).toBe(200);
    expect(book.body.columns).toEqual([
      { kind: 'quiz', id: quiz!.id, title: 'Check', outOf: 100 },
      { kind: 'assignment', id: assignment.id, title: assignment.title, outOf: 16 },
    ]);
    const byName = new Map(book.body.rows.map((r) => [r.studentName, r.cells]));
    expect(byName.get(ada.fullName)).toEqual([
      { best: 80, status: 'passed', late: true },
      { best: 13, status: 'passed', late: false },
    ]);
    expect(byName.get(bola.fullName)).toEqual([
      { best: null, status: 'none', late: false },
      { best: null, status: 'submitted', late: false },
    ]);

    // A student sees their own row only; another course's student nothing.
    const own = await t.op('gradebook', { body: { courseId: course.id }, token: bola.token });
    expect(own.body.rows.map((r) => r.studentId)).toEqual([bola.id]);
    expect(
      (await t.op('gradebook', { body: { courseId: course.id }, token: (await buildStudent(t)).token }))
        .status,
    ).toBe(403);
    expect(
      (await t.op('gradebook', { body: { courseId: course.id }, token: (await buildTutor(t)).token })).status,
    ).toBe(403);

    const csv = await fetch(
      `${t.url}${API_BASE}${fillPath(PLAIN_ROUTES.gradebookCsv.path, { courseId: course.id })}`,
      {
        headers: { apiKey: tutor.token },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      `Student,Lessons watched %,Check (best),Check (status),${assignment.title} (best),${assignment.title} (status)`,
    );
    expect(lines).toContain(`${ada.fullName},0,80,"passed, late",13,passed`);
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",0,,,,`);
    const guest = await fetch(
      `${t.url}${API_BASE}${fillPath(PLAIN_ROUTES.gradebookCsv.path, { courseId: course.id })}`,
    );
    expect(guest.status).toBe(401);
  });

  it('assigns 2 anonymous peer reviewers fairly over 30 students: never their own work, nobody twice', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    const assignment = await buildAssignment(t, course, { peerReview: true });
    const students: TestAccount[] = [];
    for (let i = 0; i < 30; i++) students.push(await ownerOf(t, course));
    for (const s of students) await submitText(t, s, assignment.id, `Work of ${s.id}`);
    const rows = await t.ctx.db
      .select({
        submissionId: peerReviews.submissionId,
        reviewerId: peerReviews.reviewerId,
        author: submissions.studentId,
      })
      .from(peerReviews)
      .innerJoin(submissions, eq(submissions.id, peerReviews.submissionId));
    expect(rows).toHaveLength(60);
    const perSubmission = new Map<number, number[]>();
    for (const r of rows)
      perSubmission.set(r.submissionId, [...(perSubmission.get(r.submissionId) ?? []), r.reviewerId]);
    for (const [, reviewers] of perSubmission) expect(new Set(reviewers).size).toBe(2);
    expect(rows.every((r) => r.reviewerId !== r.author)).toBe(true);
    const load = new Map<number, number>();
    for (const r of rows) load.set(r.reviewerId, (load.get(r.reviewerId) ?? 0) + 1);
    expect([...load.values()].every((n) => n === 2)).toBe(true);
    expect(load.size).toBe(30);

    // A reviewer sees the work without its author, scores it once; the staff see it beside their own.
    const reviewer = students.find((s) => s.id === rows[0]!.reviewerId)!;
    const tasks = await t.op('peerTasks', { body: {}, token: reviewer.token });
    expect(tasks.body.reviews).toHaveLength(2);
    const task = tasks.body.reviews[0]!;
    expect(JSON.stringify(task)).not.toMatch(/Ada Student/);
    const seen = await t.op('submissionGet', {
      body: { submissionId: task.submission.id },
      token: reviewer.token,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.studentName).toBe('A classmate');
    const review = () =>
      t.op('peerReview', {
        body: { reviewId: task.reviewId, scores: [...SCORES[13]], feedback: 'Nice' },
        token: reviewer.token,
      });
    expect((await review()).status).toBe(200);
    expect((await review()).status).toBe(409);
    const staff = await t.op('submissionGet', {
      body: { submissionId: task.submission.id },
      token: tutor.token,
    });
    expect(staff.body.peerReviews.filter((p) => p.done)).toEqual([
      expect.objectContaining({
        score: 13,
        feedback: 'Nice',
        reviewer: expect.stringMatching(/^Reviewer [12]$/),
      }),
    ]);
    // Anyone else's review is not theirs.
    const other = students.find(
      (s) => !rows.some((r) => r.reviewerId === s.id && r.submissionId === task.submission.id),
    )!;
    const refused = await t.op('peerReview', {
      body: { reviewId: task.reviewId, scores: [...SCORES[8]] },
      token: other.token,
    });
    expect(refused.status).toBe(403);
  });
});
