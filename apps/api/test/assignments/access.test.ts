import { describe, expect, it } from 'vitest';
import { signMediaPath } from '../../src/services/storage/signing.ts';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildCourse, buildEnrolment, PNG_BYTES } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { sectionIds, setStatus } from '../quizzes/helpers.ts';
import { buildGradedCourse, RUBRIC, SCORES, submitText, uploadWork } from './helpers.ts';

describe('assignments: who may do what', () => {
  // Admins here act without two-factor sign-in (its own tests cover REQUIRE_ADMIN_2FA).
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'false' } });
  const [admin] = useAccounts(t, 'admin');

  it('the owning tutor saves an assignment with a rubric under the course edit rules; ids are kept', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const [sectionId] = await sectionIds(t, course.id);
    const rubric = RUBRIC.map((c) => ({
      title: c.title,
      levels: c.levels.map(({ title, points }) => ({ title, points })),
    }));
    const body = {
      courseId: course.id,
      sectionId: sectionId!,
      assignment: {
        title: 'Ship it',
        instructions: 'Deploy the app. Read https://example.com/guide first.',
        submissionType: 'link' as const,
        grading: 'rubric' as const,
        rubric,
        passPoints: 10,
        maxResubmissions: 2,
        dueDays: 5,
      },
    };
    const saved = await t.op('assignmentSave', { body, token: tutor.token });
    expect(saved.status, saved.text).toBe(200);
    const a = saved.body.assignment;
    expect(a).toMatchObject({
      title: 'Ship it',
      maxPoints: 16,
      passPoints: 10,
      dueDays: 5,
      dueLocalTime: '23:59',
    });
    expect(a.rubric.map((c) => c.id)).toEqual([1, 2]);
    expect(a.rubric[1]!.levels.map((l) => l.id)).toEqual([4, 5, 6]);
    // Saved again with the first criterion kept and a new one: the kept ids stay, the new one comes after.
    const again = await t.op('assignmentSave', {
      body: {
        ...body,
        assignment: {
          ...body.assignment,
          id: a.id,
          rubric: [a.rubric[0]!, { title: 'Tests', levels: [{ title: 'Yes', points: 4 }] }],
        },
      },
      token: tutor.token,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.assignment.rubric.map((c) => [c.id, c.title])).toEqual([
      [1, 'Works as asked'],
      [3, 'Tests'],
    ]);
    expect(again.body.assignment.rubric[1]!.levels[0]!.id).toBe(7);

    // Bad rubrics are refused with what to fix.
    const bad = async (assignment: object, message: RegExp) => {
      const res = await t.op('assignmentSave', {
        body: { ...body, assignment: { ...body.assignment, ...assignment } },
        token: tutor.token,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.responseDto.message).toMatch(message);
    };
    await bad({ passPoints: 17 }, /pass mark \(17\) is above the rubric's highest total \(16\)/);
    await bad({ rubric: [] }, /at least one criterion/);
    await bad({ passPoints: null }, /Set the pass mark/);
    await bad({ grading: 'passfail' }, /pass\/fail assignment has no rubric/);
    await bad(
      { rubric: [{ id: 99, title: 'x', levels: [{ title: 'y', points: 1 }] }] },
      /criterion id 99 is not in this rubric/,
    );

    // Another tutor, a student and a guest cannot save; an approved course cannot be edited.
    const other = await buildTutor(t);
    expect((await t.op('assignmentSave', { body, token: other.token })).status).toBe(403);
    expect((await t.op('assignmentSave', { body, token: (await buildStudent(t)).token })).status).toBe(403);
    expect((await t.op('assignmentSave', { body })).status).toBe(401);
    await setStatus(t, course, 'Approved');
    const approved = await t.op('assignmentSave', { body, token: tutor.token });
    expect(approved.status).toBe(400);
    expect(approved.body.responseDto.message).toMatch(/approved course cannot be edited/);
  });

  it('student, other student, tutor, another tutor, admin and guest: reading, writing and grading', async () => {
    const { tutor, course, assignment, student } = await buildGradedCourse(t);
    const stranger = await buildStudent(t);
    await buildEnrolment(t, stranger, await buildCourse(t, tutor)); // owns another course of the same tutor
    const otherTutor = await buildTutor(t);
    const assignmentId = assignment.id;

    // Reading the assignment.
    const read = (token?: string) =>
      t.op('assignmentGet', { body: { assignmentId }, ...(token ? { token } : {}) });
    expect((await read(student.token)).status).toBe(200);
    expect((await read(tutor.token)).status).toBe(200);
    expect((await read(admin.token)).status).toBe(200);
    expect((await read(stranger.token)).status).toBe(403);
    expect((await read(otherTutor.token)).status).toBe(403);
    expect((await read()).status).toBe(401);
    const list = await t.op('assignmentList', { body: { courseId: course.id }, token: stranger.token });
    expect(list.status).toBe(403);
    expect(list.body.responseDto.message).toBe(
      'Only students who bought this course can submit its assignments.',
    );

    // Writing: only a student who owns the course.
    for (const who of [stranger, tutor, otherTutor, admin]) {
      const res = await t.op('assignmentDraft', { body: { assignmentId, text: 'x' }, token: who.token });
      expect(res.status, `${who.role} ${res.text}`).toBe(403);
    }
    expect((await t.op('assignmentDraft', { body: { assignmentId, text: 'x' } })).status).toBe(401);
    const submission = await submitText(t, student, assignmentId);

    // The submission: its student and the course's staff; nobody else.
    const see = (token?: string) =>
      t.op('submissionGet', { body: { submissionId: submission.id }, ...(token ? { token } : {}) });
    expect((await see(student.token)).status).toBe(200);
    expect((await see(tutor.token)).body.studentName).toBe(student.fullName);
    expect((await see(admin.token)).status).toBe(200);
    expect((await see(stranger.token)).status).toBe(403);
    expect((await see(otherTutor.token)).status).toBe(403);
    expect((await see()).status).toBe(401);

    // The queue: the tutor's holds it, another tutor's does not (and may not filter by the course).
    const queue = await t.op('gradingQueue', { body: {}, token: tutor.token });
    expect(queue.body.items.map((i) => i.submissionId)).toEqual([submission.id]);
    expect((await t.op('gradingQueue', { body: {}, token: otherTutor.token })).body.items).toEqual([]);
    expect(
      (await t.op('gradingQueue', { body: { courseId: course.id }, token: otherTutor.token })).status,
    ).toBe(403);
    expect((await t.op('gradingQueue', { body: {}, token: student.token })).status).toBe(403);
    const adminQueue = await t.op('gradingQueue', { body: { courseId: course.id }, token: admin.token });
    expect(adminQueue.body.items.map((i) => i.submissionId)).toEqual([submission.id]);

    // Grading: the course's staff only.
    const grade = (token: string) =>
      t.op('submissionGrade', {
        body: {
          submissionId: submission.id,
          outcome: 'pass',
          scores: [...SCORES[16]],
          feedback: 'Well done.',
        },
        token,
      });
    expect((await grade(student.token)).status).toBe(403);
    expect((await grade(otherTutor.token)).status).toBe(403);
    const graded = await grade(tutor.token);
    expect(graded.status, graded.text).toBe(200);
    expect(graded.body.submission).toMatchObject({
      status: 'passed',
      score: 16,
      scoreOutOf: 16,
      gradedBy: tutor.fullName,
    });
  });

  it("a submission's file is served by signed link to its student and the course's staff only", async () => {
    const { tutor, assignment, student } = await buildGradedCourse(t, { submissionType: 'file' });
    const up = await uploadWork(t, student.token, assignment.id, PNG_BYTES, 'diagram.png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const own = up.body.submission.fileUrl!;
    expect(own).toMatch(/^\/media\/submissions\/[0-9a-f-]+\.png\?exp=/);
    const fetched = await fetch(`${t.url}${own}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG_BYTES);

    // The tutor's own link works; a link signed for anyone else is refused at the fetch.
    await t.op('assignmentSubmit', { body: { assignmentId: assignment.id }, token: student.token });
    const staffView = await t.op('submissionGet', {
      body: { submissionId: up.body.submission.id },
      token: tutor.token,
    });
    expect((await fetch(`${t.url}${staffView.body.submission.fileUrl}`)).status).toBe(200);
    const key = own.slice('/media/'.length, own.indexOf('?'));
    const exp = Math.floor(Date.now() / 1000) + 600;
    for (const who of [await buildStudent(t), await buildTutor(t)]) {
      const res = await fetch(`${t.url}${signMediaPath(t.config.jwtSecret, key, who.id, exp)}`);
      expect(res.status).toBe(403);
    }
    expect((await fetch(`${t.url}/media/${key}`)).status).toBe(403);
  });
});
