import { describe, expect, it } from 'vitest';
import { opPath } from '@app/contract/operation-routes';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { publishedQuiz, sampleQuiz, saveQuiz, sectionIds, setStatus } from './helpers.ts';

describe('quizzes: who may do what, and no right answer before the reveal', () => {
  // Admins here act without two-factor sign-in (its own tests cover REQUIRE_ADMIN_2FA).
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'false' } });
  const [tutor, admin] = useAccounts(t, 'tutor', 'admin');

  it('the owning tutor saves a quiz and gets every right answer back, option ids included', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const { quiz, accepted } = sampleQuiz();
    const saved = await saveQuiz(t, tutor, course, quiz);
    expect(saved).toMatchObject({ title: 'Check yourself', passPercent: 70, maxAttempts: 0, shuffle: false });
    expect(saved.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'truefalse', 'short']);
    expect(saved.questions[0]!.options).toEqual([
      { id: 1, text: 'Right one', correct: true },
      { id: 2, text: 'Wrong one', correct: false },
      { id: 3, text: 'Also wrong', correct: false },
    ]);
    expect(saved.questions[0]!.points).toBe(2);
    expect(saved.questions[1]!.points).toBe(1);
    expect(saved.questions[3]).toMatchObject({ options: [], accepted: [accepted, 'Second Form'] });
    // An admin reads it as the tutor does.
    const read = await t.op('quizGet', { body: { quizId: saved.id }, token: admin.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.quiz.questions[3]!.accepted).toEqual([accepted, 'Second Form']);
  });

  it('keeps question and option ids across saves, and gives new options ids after the highest', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const saved = await saveQuiz(t, tutor, course, sampleQuiz().quiz);
    const [single, , , short] = saved.questions;
    const again = await saveQuiz(t, tutor, course, {
      id: saved.id,
      title: 'Renamed',
      questions: [
        { ...short!, accepted: ['only'] },
        {
          id: single!.id,
          type: 'single',
          text: 'Pick the one, again',
          options: [
            { id: 3, text: 'Also wrong', correct: false },
            { text: 'Brand new', correct: true },
            { id: 1, text: 'Right one', correct: false },
          ],
        },
      ],
    });
    expect(again.id).toBe(saved.id);
    expect(again.title).toBe('Renamed');
    expect(again.questions.map((q) => q.id)).toEqual([short!.id, single!.id]);
    expect(again.questions[1]!.options.map((o) => [o.id, o.correct])).toEqual([
      [3, false],
      [4, true],
      [1, false],
    ]);
  });

  it('refuses bad quizzes with a message naming the question and the rule', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const sectionId = (await sectionIds(t, course.id))[0]!;
    const opt = (text: string, correct = false) => ({ text, correct });
    const cases: [unknown, RegExp][] = [
      [
        { type: 'single', text: 'q', options: [opt('a', true), opt('b', true)] },
        /Question 1: .*exactly one right option/,
      ],
      [{ type: 'single', text: 'q', options: [opt('a'), opt('b')] }, /exactly one right option/],
      [{ type: 'multiple', text: 'q', options: [opt('a'), opt('b')] }, /at least one right option/],
      [{ type: 'single', text: 'q', options: [opt('a', true)] }, /needs 2 to 10 options/],
      [
        { type: 'truefalse', text: 'q', options: [opt('Yes', true), opt('No')] },
        /True and False, one of them right/,
      ],
      [{ type: 'truefalse', text: 'q', options: [opt('True', true), opt('False', true)] }, /True and False/],
      [{ type: 'short', text: 'q', accepted: [] }, /at least one accepted answer/],
      [{ type: 'short', text: 'q' }, /at least one accepted answer/],
      [
        { type: 'single', text: 'q', options: [{ id: 7, text: 'a', correct: true }, opt('b')] },
        /option id 7/,
      ],
      [{ type: 'essay', text: 'q' }, /type must be one of/],
      [{ type: 'single', text: '', options: [opt('a', true), opt('b')] }, /Question text is required/],
    ];
    for (const [question, message] of cases) {
      const res = await t.api(opPath('quizSave'), {
        body: { courseId: course.id, sectionId, quiz: { title: 'Bad', questions: [question] } },
        token: tutor.token,
      });
      expect(res.status, JSON.stringify(question)).toBe(400);
      expect(res.body.responseDto.message).toMatch(message);
    }
    const tooMany = Array.from({ length: 11 }, (_, i) => opt(`o${i}`, i === 0));
    const many = await t.api(opPath('quizSave'), {
      body: {
        courseId: course.id,
        sectionId,
        quiz: { title: 'x', questions: [{ type: 'single', text: 'q', options: tooMany }] },
      },
      token: tutor.token,
    });
    expect(many.status).toBe(400);
    const none = await t.api(opPath('quizSave'), {
      body: { courseId: course.id, sectionId, quiz: { title: 'x', questions: [] } },
      token: tutor.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.responseDto.message).toMatch(/at least one question/);
    const second = await t.api(opPath('quizSave'), {
      body: {
        courseId: course.id,
        sectionId,
        quiz: {
          title: 'x',
          questions: [
            sampleQuiz().quiz.questions[0],
            { type: 'multiple', text: 'q', options: [opt('a'), opt('b')] },
          ],
        },
      },
      token: tutor.token,
    });
    expect(second.body.responseDto.message).toMatch(/^Question 2:/);
  });

  it('saves under the course edit rules: own course, Pending or Rejected, a section of that course', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const { quiz } = sampleQuiz();
    const sectionId = (await sectionIds(t, course.id))[0]!;
    const body = { courseId: course.id, sectionId, quiz };
    const other = await buildTutor(t);
    const stranger = await t.op('quizSave', { body, token: other.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body.responseDto.message).toBe('This course belongs to another tutor.');
    expect((await t.op('quizSave', { body, token: (await buildStudent(t)).token })).status).toBe(403);
    expect((await t.op('quizSave', { body, token: admin.token })).status).toBe(403);
    expect((await t.op('quizSave', { body })).status).toBe(401);
    const elsewhere = await buildCourse(t, tutor, { status: 'Pending' });
    const wrongSection = await t.op('quizSave', {
      body: { ...body, sectionId: (await sectionIds(t, elsewhere.id))[0]! },
      token: tutor.token,
    });
    expect(wrongSection.status).toBe(404);
    expect(
      (await t.op('quizSave', { body: { ...body, courseId: 99_999_999 }, token: tutor.token })).status,
    ).toBe(404);

    await setStatus(t, course, 'Rejected');
    const saved = await saveQuiz(t, tutor, course, quiz);
    await setStatus(t, course, 'Approved');
    const approved = await t.op('quizSave', { body, token: tutor.token });
    expect(approved.status).toBe(400);
    expect(approved.body.responseDto.message).toMatch(/approved course cannot be edited/);
    const del = await t.op('quizDelete', { body: { quizId: saved.id }, token: tutor.token });
    expect(del.status).toBe(400);
    await setStatus(t, course, 'Pending');
    expect((await t.op('quizDelete', { body: { quizId: saved.id }, token: other.token })).status).toBe(403);
    expect((await t.op('quizDelete', { body: { quizId: saved.id }, token: tutor.token })).status).toBe(200);
    expect((await t.op('quizGet', { body: { quizId: saved.id }, token: tutor.token })).status).toBe(404);
    expect((await t.op('quizDelete', { body: { quizId: saved.id }, token: tutor.token })).status).toBe(404);
  });

  it('reads and submits: guests 401, other tutors and students without the course 403, unknown quiz 404', async () => {
    const { quiz, student } = await publishedQuiz(t, tutor);
    const body = { quizId: quiz.id };
    expect((await t.op('quizGet', { body })).status).toBe(401);
    const other = await buildTutor(t);
    const otherTutor = await t.op('quizGet', { body, token: other.token });
    expect(otherTutor.status, otherTutor.text).toBe(403);
    const stranger = await buildStudent(t);
    const refused = await t.op('quizGet', { body, token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.responseDto.message).toBe(
      'Only students who bought this course can take its quizzes.',
    );
    const submit = { quizId: quiz.id, answers: [] };
    expect((await t.op('quizSubmit', { body: submit })).status).toBe(401);
    expect((await t.op('quizSubmit', { body: submit, token: stranger.token })).status).toBe(403);
    expect((await t.op('quizSubmit', { body: submit, token: tutor.token })).status).toBe(403);
    expect((await t.op('quizSubmit', { body: submit, token: admin.token })).status).toBe(403);
    expect((await t.op('quizGet', { body: { quizId: 99_999_999 }, token: student.token })).status).toBe(404);
    expect((await t.op('quizGet', { body, token: student.token })).status).toBe(200);
    expect((await t.op('quizStats', { body: { courseId: quiz.courseId }, token: other.token })).status).toBe(
      403,
    );
    expect(
      (await t.op('quizStats', { body: { courseId: quiz.courseId }, token: student.token })).status,
    ).toBe(403);
    expect((await t.op('quizStats', { body: { courseId: quiz.courseId }, token: admin.token })).status).toBe(
      200,
    );
  });

  it('nothing a student gets shows a right answer before the reveal: quiz, submits, outline, page', async () => {
    const { course, quiz, student, accepted, explanation } = await publishedQuiz(t, tutor, {
      maxAttempts: 3,
    });
    const leaks = (text: string) => {
      for (const secret of [
        accepted,
        explanation,
        'Second Form',
        '"correct":true',
        'rightOptionIds',
        '"accepted"',
      ])
        expect(text, `leaks ${secret}`).not.toContain(secret);
    };
    const read = await t.op('quizGet', { body: { quizId: quiz.id }, token: student.token });
    expect(read.status, read.text).toBe(200);
    leaks(read.text);
    expect(read.text).not.toContain('"correct"');
    expect(read.text).not.toContain('"explanation"');
    expect(read.body.quiz).toMatchObject({
      attemptsUsed: 0,
      attemptsLeft: 3,
      passed: false,
      bestPercent: null,
    });
    // Two failing submits (attempts remain): scores and marks only.
    for (const answers of [[], [{ questionId: quiz.questions[0]!.id, optionIds: [2] }]]) {
      const res = await t.op('quizSubmit', { body: { quizId: quiz.id, answers }, token: student.token });
      expect(res.status).toBe(200);
      expect(res.body.passed).toBe(false);
      leaks(res.text);
      expect(res.text).not.toContain('"explanation"');
    }
    const outlines = [
      await t.op('singleCourse', { params: { id: course.id }, token: student.token }),
      await t.op('viewSingleCourse', { body: { courseId: course.id } }),
      await t.op('userAllCourses', { token: student.token }),
      await t.op('studentCourses', { body: { pageNo: 0, pageSize: 50 }, token: student.token }),
    ];
    for (const res of outlines) {
      expect(res.status, res.text).toBe(200);
      leaks(res.text);
      expect(res.text).not.toContain('"correct"');
    }
    const page = await fetch(`${t.url}/course/${course.id}`);
    leaks(await page.text());
  });

  it('shuffles a student’s questions and options when the quiz says so, never the tutor’s', async () => {
    const options = Array.from({ length: 10 }, (_, i) => ({ text: `Option ${i}`, correct: i === 0 }));
    const questions = Array.from({ length: 10 }, (_, i) => ({
      type: 'single' as const,
      text: `Q${i}`,
      options,
    }));
    const { quiz, student } = await publishedQuiz(t, tutor, { shuffle: true, questions });
    const orders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await t.op('quizGet', { body: { quizId: quiz.id }, token: student.token });
      orders.add(res.body.quiz.questions.map((q) => q.id).join());
      optionOrders.add(res.body.quiz.questions[0]!.options.map((o) => o.id).join());
      expect(new Set(res.body.quiz.questions.map((q) => q.id))).toEqual(
        new Set(quiz.questions.map((q) => q.id)),
      );
    }
    // 10! orders: four equal draws in a row would be a broken shuffle.
    expect(orders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(1);
    const staff = await t.op('quizGet', { body: { quizId: quiz.id }, token: tutor.token });
    expect(staff.body.quiz.questions.map((q) => q.id)).toEqual(quiz.questions.map((q) => q.id));
  });
});
