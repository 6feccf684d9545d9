import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OpRequest } from '@app/contract/operations';
import { sections, series } from '../../src/db/schema.ts';
import { quizAttempts, watchCoverage } from '../../src/db/schema-learning.ts';
import { useAccounts, type TestAccount } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { publishedQuiz, rightAnswers } from './helpers.ts';

describe('quizzes: scoring, attempts and the reveal', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');

  const submit = (who: TestAccount, body: OpRequest<'quizSubmit'>) =>
    t.op('quizSubmit', { body, token: who.token });

  it('scores each type: single, multiple (all or nothing), true/false, short (no case, no surrounding spaces)', async () => {
    const { quiz, student, accepted } = await publishedQuiz(t, tutor);
    const [single, multiple, truefalse, short] = quiz.questions;
    const right = rightAnswers(quiz);
    // Everything right: 2 + 1 + 1 + 1 points.
    const all = await submit(student, {
      quizId: quiz.id,
      answers: [...right.slice(0, 3), { questionId: short!.id, text: `  ${accepted.toUpperCase()} ` }],
    });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({
      score: 5,
      scoreOutOf: 5,
      percent: 100,
      passed: true,
      attemptsLeft: null,
    });
    expect(all.body.results.map((r) => r.correct)).toEqual([true, true, true, true]);

    const cases: [OpRequest<'quizSubmit'>['answers'], boolean[], number][] = [
      // A wrong single, half of a multiple, the wrong true/false, the second accepted text in another case.
      [
        [
          { questionId: single!.id, optionIds: [2] },
          { questionId: multiple!.id, optionIds: [1] },
          { questionId: truefalse!.id, optionIds: [2] },
          { questionId: short!.id, text: 'second form' },
        ],
        [false, false, false, true],
        1,
      ],
      // Two options on a single question, a multiple with one wrong option too, an empty text.
      [
        [
          { questionId: single!.id, optionIds: [1, 2] },
          { questionId: multiple!.id, optionIds: [1, 2, 3] },
          { questionId: short!.id, text: '   ' },
        ],
        [false, false, false, false],
        0,
      ],
      // Only the single question right, the multiple's options in another order.
      [
        [
          { questionId: single!.id, optionIds: [1] },
          { questionId: multiple!.id, optionIds: [2, 1] },
          { questionId: short!.id, text: 'second  form' },
        ],
        [true, true, false, false],
        3,
      ],
    ];
    for (const [answers, marks, score] of cases) {
      const res = await submit(student, { quizId: quiz.id, answers });
      expect(res.status, res.text).toBe(200);
      expect(res.body.results.map((r) => r.correct)).toEqual(marks);
      expect(res.body.score).toBe(score);
      expect(res.body.percent).toBe(Math.round((score * 1000) / 5) / 10);
      expect(res.body.passed).toBe(false);
    }
  });

  it('passes at the mark exactly, and refuses answers to other questions or options', async () => {
    const questions = Array.from({ length: 10 }, (_, i) => ({
      type: 'truefalse' as const,
      text: `Statement ${i}`,
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    }));
    const { quiz, student } = await publishedQuiz(t, tutor, { questions, passPercent: 70 });
    const answers = (n: number) =>
      quiz.questions.map((q, i) => ({ questionId: q.id, optionIds: [i < n ? 1 : 2] }));
    const six = await submit(student, { quizId: quiz.id, answers: answers(6) });
    expect(six.body).toMatchObject({ score: 6, percent: 60, passed: false });
    const seven = await submit(student, { quizId: quiz.id, answers: answers(7) });
    expect(seven.body).toMatchObject({ score: 7, percent: 70, passed: true });

    const id = quiz.questions[0]!.id;
    for (const [bad, message] of [
      [[{ questionId: 99_999_999, optionIds: [1] }], /not in this quiz/],
      [[{ questionId: id, optionIds: [3] }], /has no option 3/],
      [
        [
          { questionId: id, optionIds: [1] },
          { questionId: id, optionIds: [2] },
        ],
        /answered twice/,
      ],
    ] satisfies [OpRequest<'quizSubmit'>['answers'], RegExp][]) {
      const res = await submit(student, { quizId: quiz.id, answers: bad });
      expect(res.status).toBe(400);
      expect(res.body.responseDto.message).toMatch(message);
    }
  });

  it('reveals right answers and explanations only once passed or out of attempts; then 409', async () => {
    const { quiz, student, accepted, explanation } = await publishedQuiz(t, tutor, { maxAttempts: 2 });
    const first = await submit(student, { quizId: quiz.id, answers: [] });
    expect(first.body).toMatchObject({ passed: false, attemptsLeft: 1, certificateCode: null });
    expect(first.body.results[0]).toEqual({ questionId: quiz.questions[0]!.id, correct: false });
    const last = await submit(student, { quizId: quiz.id, answers: [] });
    expect(last.body).toMatchObject({ passed: false, attemptsLeft: 0 });
    expect(last.body.results[0]).toEqual({
      questionId: quiz.questions[0]!.id,
      correct: false,
      rightOptionIds: [1],
      accepted: [],
      explanation,
    });
    expect(last.body.results[1]!.rightOptionIds).toEqual([1, 2]);
    expect(last.body.results[3]!.accepted).toEqual([accepted, 'Second Form']);
    const refused = await submit(student, { quizId: quiz.id, answers: rightAnswers(quiz) });
    expect(refused.status).toBe(409);
    expect(refused.body.responseDto.message).toBe('You have no attempts left for this quiz.');
    const read = await t.op('quizGet', { body: { quizId: quiz.id }, token: student.token });
    expect(read.body.quiz).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, passed: false, bestPercent: 0 });

    // A pass reveals at once, attempts left or not.
    const other = await publishedQuiz(t, tutor, { maxAttempts: 5 });
    const passed = await submit(other.student, { quizId: other.quiz.id, answers: rightAnswers(other.quiz) });
    expect(passed.body).toMatchObject({ passed: true, attemptsLeft: 4 });
    expect(passed.body.results[0]!.rightOptionIds).toEqual([1]);
    expect(passed.body.results[0]!.explanation).toBe(other.explanation);
    const afterPass = await submit(other.student, { quizId: other.quiz.id, answers: [] });
    expect(afterPass.body.passed).toBe(false);
    expect(afterPass.body.results[0]!.rightOptionIds).toEqual([1]);
    const standing = await t.op('quizGet', { body: { quizId: other.quiz.id }, token: other.student.token });
    expect(standing.body.quiz).toMatchObject({
      attemptsUsed: 2,
      attemptsLeft: 3,
      passed: true,
      bestPercent: 100,
    });
  });

  it('holds the attempt limit under 20 concurrent submits with 3 attempts left', async () => {
    const { quiz, student } = await publishedQuiz(t, tutor, { maxAttempts: 5 });
    for (let i = 0; i < 2; i++)
      expect((await submit(student, { quizId: quiz.id, answers: [] })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => submit(student, { quizId: quiz.id, answers: [] })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(
      results
        .filter((r) => r.status === 200)
        .map((r) => r.body.attemptsLeft)
        .sort(),
    ).toEqual([0, 1, 2]);
    const rows = await t.ctx.db
      .select({ no: quizAttempts.attemptNo })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, student.id)));
    expect(rows.map((r) => r.no).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a passing attempt settles completion: no certificate while lessons are unwatched, one once watched', async () => {
    const { course, quiz, student } = await publishedQuiz(t, tutor);
    const passed = await submit(student, { quizId: quiz.id, answers: rightAnswers(quiz) });
    expect(passed.body).toMatchObject({ passed: true, certificateCode: null });

    const other = await publishedQuiz(t, tutor);
    // Every lesson watched, as the server's coverage records it (the progress tests cover how it gets there).
    const lessons = await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, other.course.id));
    await t.ctx.db.insert(watchCoverage).values(
      lessons.map((l) => ({
        studentId: other.student.id,
        seriesId: l.id,
        courseId: other.course.id,
        watched: true,
      })),
    );
    const failed = await submit(other.student, { quizId: other.quiz.id, answers: [] });
    expect(failed.body.certificateCode).toBeNull();
    const done = await submit(other.student, { quizId: other.quiz.id, answers: rightAnswers(other.quiz) });
    expect(done.body.passed).toBe(true);
    expect(done.body.certificateCode).toMatch(/^[A-Z0-9]{10,}$/);
    expect(course.id).not.toBe(other.course.id);
  });
});
