import { describe, expect, it } from 'vitest';
import { addDemoAssignments } from '../../src/commands/assignments-demo.ts';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { sectionIds } from '../quizzes/helpers.ts';

describe('the demo graded work', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');

  it("shows the student a graded submission with feedback and puts one in the tutor's queue", async () => {
    const course = await buildApprovedCourse(t, tutor);
    const last = (await sectionIds(t, course.id)).at(-1)!;
    const student = await buildStudent(t);
    await buildEnrolment(t, student, course);
    await t.ctx.db.transaction((tx) =>
      addDemoAssignments(tx, {
        courseId: course.id,
        sectionId: last,
        tutorId: tutor.id,
        studentId: student.id,
      }),
    );
    const list = await t.op('assignmentList', { body: { courseId: course.id }, token: student.token });
    expect(list.body.assignments.map((a) => [a.title, a.maxPoints, a.standing.status])).toEqual([
      ['Containerise the sample app', 14, 'passed'],
      ['Explain your pipeline', 14, 'submitted'],
    ]);
    const graded = await t.op('assignmentGet', {
      body: { assignmentId: list.body.assignments[0]!.id },
      token: student.token,
    });
    expect(graded.body.attempts[0]).toMatchObject({ score: 11, scoreOutOf: 14, gradedBy: tutor.fullName });
    expect(graded.body.attempts[0]!.feedback).toMatch(/multi-stage build/);
    const queue = await t.op('gradingQueue', { body: {}, token: tutor.token });
    expect(queue.body.items.map((i) => [i.assignmentTitle, i.studentName])).toEqual([
      ['Explain your pipeline', student.fullName],
    ]);
    // The waiting one can be graded with its rubric.
    const res = await t.op('submissionGrade', {
      body: {
        submissionId: queue.body.items[0]!.submissionId,
        outcome: 'pass',
        scores: [
          { criterionId: 1, levelId: 3 },
          { criterionId: 2, levelId: 6 },
        ],
        feedback: 'Clear.',
      },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
  });
});
