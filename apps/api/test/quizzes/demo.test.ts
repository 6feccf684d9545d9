import { describe, expect, it } from 'vitest';
import { addDemoQuiz } from '../../src/commands/quizzes-demo.ts';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { sectionIds } from './helpers.ts';

describe('the demo quiz', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');

  it('is a valid quiz of every type that a student can take and pass', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const last = (await sectionIds(t, course.id)).at(-1)!;
    await t.ctx.db.transaction((tx) => addDemoQuiz(tx, course.id, last));
    await t.ctx.cache.invalidateCourse(course.id);
    const student = await buildStudent(t);
    await buildEnrolment(t, student, course);
    const outline = await t.op('singleCourse', { params: { id: course.id }, token: student.token });
    const [summary] = outline.body.coursesDto.sectionDto.at(-1)!.quizzes!;
    expect(summary).toMatchObject({ title: 'Kubernetes check', questionCount: 4, passed: false });

    const staff = await t.op('quizGet', { body: { quizId: summary!.id }, token: tutor.token });
    expect(staff.body.quiz.questions.map((q) => q.type)).toEqual([
      'single',
      'multiple',
      'truefalse',
      'short',
    ]);
    const answers = staff.body.quiz.questions.map((q) =>
      q.type === 'short'
        ? { questionId: q.id, text: ' KUBECTL ' }
        : { questionId: q.id, optionIds: q.options.filter((o) => o.correct).map((o) => o.id) },
    );
    const res = await t.op('quizSubmit', { body: { quizId: summary!.id, answers }, token: student.token });
    expect(res.body).toMatchObject({ score: 4, scoreOutOf: 4, passed: true });
  });
});
