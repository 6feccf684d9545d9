import { describe, expect, it } from 'vitest';
import type { OpRequest } from '@app/contract/operations';
import { storedCard } from '../../src/queries/course-cards.ts';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildCourse, buildEnrolment, courseInput } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { publishedQuiz, rightAnswers, sampleQuiz, saveQuiz, setStatus } from './helpers.ts';

describe('quizzes in the course outline, through course edits, and in the tutor’s figures', () => {
  // Admins here act without two-factor sign-in (its own tests cover REQUIRE_ADMIN_2FA).
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'false' } });
  const [tutor, admin] = useAccounts(t, 'tutor', 'admin');

  it('each section carries its quizzes: the viewer’s standing for a student, none for a guest', async () => {
    const { course, quiz, student } = await publishedQuiz(t, tutor, { title: 'Section check' });
    const guest = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(guest.status).toBe(200);
    const summary = { id: quiz.id, title: 'Section check', questionCount: 4, passPercent: 70 };
    expect(guest.body.coursesDto.sectionDto.map((s) => s.quizzes)).toEqual([
      [{ ...summary, passed: false, bestPercent: null }],
      [],
    ]);
    await t.op('quizSubmit', { body: { quizId: quiz.id, answers: [] }, token: student.token });
    const failed = await t.op('singleCourse', { params: { id: course.id }, token: student.token });
    expect(failed.body.coursesDto.sectionDto[0]!.quizzes).toEqual([
      { ...summary, passed: false, bestPercent: 0 },
    ]);
    await t.op('quizSubmit', {
      body: { quizId: quiz.id, answers: rightAnswers(quiz) },
      token: student.token,
    });
    const mine = await t.op('userAllCourses', { token: student.token });
    const owned = mine.body.courses.find((c) => c.id === course.id)!;
    expect(owned.sectionDto[0]!.quizzes).toEqual([{ ...summary, passed: true, bestPercent: 100 }]);
    // Another student's standing is their own; the guest's answer is unchanged.
    const other = await buildStudent(t);
    await buildEnrolment(t, other, course);
    const theirs = await t.op('singleCourse', { params: { id: course.id }, token: other.token });
    expect(theirs.body.coursesDto.sectionDto[0]!.quizzes![0]).toMatchObject({
      passed: false,
      bestPercent: null,
    });
    const again = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(again.body.coursesDto.sectionDto[0]!.quizzes![0]).toMatchObject({
      passed: false,
      bestPercent: null,
    });
  });

  it('a quiz change empties the course’s stored guest card, so guests see it', async () => {
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const quiz = await saveQuiz(t, tutor, course, sampleQuiz({ title: 'First title' }).quiz);
    await setStatus(t, course, 'Approved');
    const first = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(first.body.coursesDto.sectionDto[0]!.quizzes![0]!.title).toBe('First title');
    // Wait for the card to be written back after the answer (cache/cards.ts).
    await expect
      .poll(async () => (await storedCard(t.ctx.db, course.id))?.body ?? null)
      .toContain('First title');

    await setStatus(t, course, 'Pending');
    const renamed = sampleQuiz({ id: quiz.id, title: 'Second title' }).quiz;
    await saveQuiz(t, tutor, course, { ...renamed, questions: renamed.questions.slice(0, 2) });
    await setStatus(t, course, 'Approved');
    expect((await storedCard(t.ctx.db, course.id))?.body ?? null).toBeNull();
    const second = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(second.body.coursesDto.sectionDto[0]!.quizzes![0]).toMatchObject({
      title: 'Second title',
      questionCount: 2,
    });
    await expect
      .poll(async () => (await storedCard(t.ctx.db, course.id))?.body ?? null)
      .toContain('Second title');

    await setStatus(t, course, 'Pending');
    expect((await t.op('quizDelete', { body: { quizId: quiz.id }, token: tutor.token })).status).toBe(200);
    await setStatus(t, course, 'Approved');
    const gone = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    expect(gone.body.coursesDto.sectionDto[0]!.quizzes).toEqual([]);
  });

  it('quizzes and attempts survive a course edit that keeps their section; a removed section takes its quiz', async () => {
    const input = await courseInput(t, tutor);
    const created = await t.op('createCourse', { body: input, token: tutor.token });
    expect(created.status, created.text).toBe(200);
    const dto = created.body.coursesDto;
    const lesson = dto.sectionDto[0]!.seriesList[0]!;
    const sectionId = dto.sectionDto[0]!.id;
    const saved = await t.op('quizSave', {
      body: { courseId: dto.id, sectionId, quiz: sampleQuiz({ title: 'Kept quiz' }).quiz },
      token: tutor.token,
    });
    expect(saved.status).toBe(200);
    // A student who owns it already tried the quiz (an enrolment outlives a return to Pending).
    const student = await buildStudent(t);
    await buildEnrolment(t, student, { id: dto.id, nairaPrice: dto.nairaPrice });
    const quizId = saved.body.quiz.id;
    await t.op('quizSubmit', { body: { quizId, answers: [] }, token: student.token });

    const lessonInput = {
      id: lesson.id,
      title: 'Welcome back',
      videoLink: input.sectionDto[0]!.seriesList[0]!.videoLink,
    };
    const edit: OpRequest<'updateCourse'> = {
      ...input,
      id: dto.id,
      title: 'Edited title',
      sectionDto: [
        { title: 'A new first section', seriesList: [{ title: 'Intro', videoLink: lessonInput.videoLink }] },
        { id: sectionId, title: 'Getting started, renamed', seriesList: [lessonInput] },
      ],
    };
    const updated = await t.op('updateCourse', { body: edit, token: tutor.token });
    expect(updated.status, updated.text).toBe(200);
    const sections = updated.body.coursesDto.sectionDto;
    expect(sections.map((s) => s.title)).toEqual(['A new first section', 'Getting started, renamed']);
    expect(sections[1]!.id).toBe(sectionId);
    expect(sections[1]!.seriesList.map((x) => [x.id, x.title])).toEqual([[lesson.id, 'Welcome back']]);
    expect(sections[1]!.quizzes!.map((q) => q.title)).toEqual(['Kept quiz']);
    expect(sections[0]!.quizzes).toEqual([]);
    const read = await t.op('quizGet', { body: { quizId: saved.body.quiz.id }, token: tutor.token });
    expect(read.status).toBe(200);
    expect(read.body.quiz.sectionId).toBe(sectionId);
    expect(read.body.quiz.questions).toHaveLength(4);
    const mine = await t.op('quizGet', { body: { quizId }, token: student.token });
    expect(mine.body.quiz).toMatchObject({ attemptsUsed: 1, bestPercent: 0 });

    // Without the section's id it is a new section: the old one goes, with its quiz.
    const replaced = await t.op('updateCourse', {
      body: {
        ...edit,
        sectionDto: [
          { title: 'Only section', seriesList: [{ title: 'x', videoLink: lessonInput.videoLink }] },
        ],
      },
      token: tutor.token,
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.coursesDto.sectionDto.map((s) => s.quizzes)).toEqual([[]]);
    expect((await t.op('quizGet', { body: { quizId: saved.body.quiz.id }, token: tutor.token })).status).toBe(
      404,
    );
  });

  it('gives the tutor per-quiz attempts, students, pass rate and each question’s right share', async () => {
    const { course, quiz, student } = await publishedQuiz(t, tutor);
    const empty = await t.op('quizStats', { body: { courseId: course.id }, token: tutor.token });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.quizzes).toEqual([
      {
        id: quiz.id,
        title: 'Check yourself',
        sectionTitle: 'Section 1',
        attempts: 0,
        students: 0,
        passRate: null,
        questions: quiz.questions.map((q) => ({ id: q.id, text: q.text, rightPercent: null })),
      },
    ]);
    const [single, multiple] = quiz.questions;
    const right = rightAnswers(quiz);
    // Student 1: fails once (only the single right), then passes. Student 2: fails twice. Student 3: passes.
    const bola = await buildStudent(t);
    const chidi = await buildStudent(t);
    for (const s of [bola, chidi]) await buildEnrolment(t, s, course);
    const send = (who: typeof student, answers: OpRequest<'quizSubmit'>['answers']) =>
      t.op('quizSubmit', { body: { quizId: quiz.id, answers }, token: who.token });
    await send(student, [{ questionId: single!.id, optionIds: [1] }]);
    await send(student, right);
    await send(bola, [{ questionId: multiple!.id, optionIds: [1, 2] }]);
    await send(bola, []);
    await send(chidi, right);

    const stats = await t.op('quizStats', { body: { courseId: course.id }, token: tutor.token });
    const [figures] = stats.body.quizzes;
    expect(figures).toMatchObject({ attempts: 5, students: 3, passRate: 66.7 });
    // Of 5 answers each: single right 3 times, multiple 3, true/false 2, short 2.
    expect(figures!.questions.map((q) => q.rightPercent)).toEqual([60, 60, 40, 40]);
    const asAdmin = await t.op('quizStats', { body: { courseId: course.id }, token: admin.token });
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.body.quizzes).toEqual(stats.body.quizzes);
    expect((await t.op('quizStats', { body: { courseId: 99_999_999 }, token: tutor.token })).status).toBe(
      404,
    );
  });
});
