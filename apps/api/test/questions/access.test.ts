import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema-money.ts';
import { answers, questions } from '../../src/db/schema-qa.ts';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { answer, ask, buildQaCourse, owner } from './helpers.ts';

const q = (courseId: number, title = 'Why does my loop never end?', seriesId?: number) => ({
  courseId,
  title,
  body: 'I wrote while (true) {}\nand it never stops.',
  ...(seriesId ? { seriesId } : {}),
});

describe('Q&A access', () => {
  // Admins here act without two-factor sign-in (its own tests cover REQUIRE_ADMIN_2FA).
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'false' } });
  const [admin] = useAccounts(t, 'admin');

  it('owners and the tutor ask and answer; the tutor gets the badge', async () => {
    const { tutor, course, ada, bola, lessons } = await buildQaCourse(t);
    const added = await t.op('questionAdd', {
      body: q(course.id, 'On lesson one', lessons[0]),
      token: ada.token,
    });
    expect(added.status, added.text).toBe(200);
    expect(added.headers.get('content-type')).toMatch(/^application\/json/);
    expect(added.body.question).toMatchObject({
      title: 'On lesson one',
      seriesId: lessons[0],
      courseId: course.id,
      courseTitle: course.title,
      author: { id: ada.id, fullName: ada.fullName, role: 'user' },
      votes: 0,
      voted: false,
      answerCount: 0,
      accepted: false,
      deleted: false,
      hidden: false,
    });
    const id = added.body.question.id;
    expect(await ask(t, tutor, q(course.id, 'A question from the tutor'))).toBeGreaterThan(0);
    await answer(t, tutor, id, 'Add a break.');
    await answer(t, bola, id, 'Or a condition.');
    const got = await t.op('questionGet', { body: { id }, token: ada.token });
    expect(got.status).toBe(200);
    expect(got.body.question.answerCount).toBe(2);
    expect(got.body.answers.map((a) => [a.body, a.byTutor, a.author?.role])).toEqual([
      ['Add a break.', true, 'tutor'],
      ['Or a condition.', false, 'user'],
    ]);
  });

  it('a student of another course, another tutor and a guest are refused; unknown ids are 404', async () => {
    const { course, ada } = await buildQaCourse(t);
    const id = await ask(t, ada, q(course.id));
    const stranger = await owner(t, await buildApprovedCourse(t, await buildTutor(t)));
    const otherTutor = await buildTutor(t);
    const notEnrolled = await buildStudent(t);
    for (const who of [stranger, otherTutor, notEnrolled]) {
      const list = await t.op('questionList', {
        body: { courseId: course.id, pageSize: 10, pageNo: 0 },
        token: who.token,
      });
      expect(list.status, who.role).toBe(403);
      expect(list.body.responseDto.message).toBe(
        "Only the course's students and its tutor can see its questions.",
      );
      expect((await t.op('questionAdd', { body: q(course.id), token: who.token })).status).toBe(403);
      expect((await t.op('questionGet', { body: { id }, token: who.token })).status).toBe(403);
      expect(
        (await t.op('questionAnswer', { body: { questionId: id, body: 'x' }, token: who.token })).status,
      ).toBe(403);
      expect((await t.op('questionVote', { body: { questionId: id }, token: who.token })).status).toBe(403);
      expect((await t.op('questionReport', { body: { id, reason: 'spam' }, token: who.token })).status).toBe(
        403,
      );
      expect(
        (
          await t.op('announcementList', {
            body: { courseId: course.id, pageSize: 10, pageNo: 0 },
            token: who.token,
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (await t.op('questionList', { body: { courseId: course.id, pageSize: 10, pageNo: 0 } })).status,
    ).toBe(401);
    expect((await t.op('questionAdd', { body: q(course.id) })).status).toBe(401);
    expect((await t.op('questionGet', { body: { id } })).status).toBe(401);
    expect((await t.op('questionGet', { body: { id: 99_999_999 }, token: ada.token })).status).toBe(404);
    expect((await t.op('questionAdd', { body: q(99_999_999), token: ada.token })).status).toBe(404);
    expect((await t.op('questionAccept', { body: { answerId: 99_999_999 }, token: ada.token })).status).toBe(
      404,
    );
  });

  it('admins read but do not post', async () => {
    const { course, ada } = await buildQaCourse(t);
    const id = await ask(t, ada, q(course.id));
    const read = await t.op('questionList', {
      body: { courseId: course.id, pageSize: 10, pageNo: 0 },
      token: admin.token,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.totalData).toBe(1);
    expect((await t.op('questionGet', { body: { id }, token: admin.token })).status).toBe(200);
    const add = await t.op('questionAdd', { body: q(course.id), token: admin.token });
    expect(add.status).toBe(403);
    expect(add.body.responseDto.message).toBe('Admins read and moderate questions but do not post.');
    expect(
      (await t.op('questionAnswer', { body: { questionId: id, body: 'x' }, token: admin.token })).status,
    ).toBe(403);
  });

  it("a lesson of another course is refused; the list puts this lesson's questions first, searches and sorts", async () => {
    const { course, ada, bola, tutor, lessons } = await buildQaCourse(t);
    const other = await buildQaCourse(t);
    const wrong = await t.op('questionAdd', { body: q(course.id, 'x', other.lessons[0]), token: ada.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.responseDto.message).toBe('This lesson is not part of this course.');
    const onLesson = await ask(t, ada, q(course.id, 'About closures 100%', lessons[1]));
    const general = await ask(t, bola, q(course.id, 'General question'));
    const newest = await ask(t, bola, q(course.id, 'Newest question'));
    await answer(t, tutor, newest);
    await t.op('questionVote', { body: { questionId: general }, token: ada.token });
    const list = async (over: Record<string, unknown>) =>
      (
        await t.op('questionList', {
          body: { courseId: course.id, pageSize: 10, pageNo: 0, ...over },
          token: ada.token,
        })
      ).body.questions.map((x) => x.id);
    expect(await list({})).toEqual([newest, general, onLesson]);
    expect(await list({ seriesId: lessons[1] })).toEqual([onLesson, newest, general]);
    expect(await list({ sort: 'top' })).toEqual([general, newest, onLesson]);
    expect(await list({ sort: 'unanswered' })).toEqual([general, onLesson, newest]);
    expect(await list({ q: 'closures 100%' })).toEqual([onLesson]);
    expect(await list({ q: '_%' })).toEqual([]);
    expect(await list({ q: 'while (TRUE)' })).toHaveLength(3);
  });

  it("the tutor's inbox lists every course of theirs, unanswered first; others have none", async () => {
    const tutor = await buildTutor(t);
    const [c1, c2] = [await buildApprovedCourse(t, tutor), await buildApprovedCourse(t, tutor)];
    const [s1, s2] = [await owner(t, c1!), await owner(t, c2!)];
    const answered = await ask(t, s1, q(c1!.id, 'Answered one'));
    await answer(t, tutor, answered);
    const open1 = await ask(t, s1, q(c1!.id, 'Open one'));
    const open2 = await ask(t, s2, q(c2!.id, 'Open two'));
    const elsewhere = await buildQaCourse(t);
    await ask(t, elsewhere.ada, q(elsewhere.course.id, 'Not yours'));
    const inbox = await t.op('questionList', { body: { pageSize: 10, pageNo: 0 }, token: tutor.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.questions.map((x) => [x.id, x.courseTitle])).toEqual([
      [open2, c2!.title],
      [open1, c1!.title],
      [answered, c1!.title],
    ]);
    const one = await t.op('questionList', {
      body: { courseId: c1!.id, sort: 'unanswered', pageSize: 10, pageNo: 0 },
      token: tutor.token,
    });
    expect(one.body.questions.map((x) => x.id)).toEqual([open1, answered]);
    const student = await t.op('questionList', { body: { pageSize: 10, pageNo: 0 }, token: s1.token });
    expect(student.status).toBe(403);
    const stats = await t.op('qaStats', { token: tutor.token });
    expect(stats.body).toMatchObject({ unanswered: 2, medianFirstAnswerMinutes: 0 });
  });

  it('accept: the asker or the tutor, one answer at a time; others are refused', async () => {
    const { course, ada, bola, tutor } = await buildQaCourse(t);
    const id = await ask(t, ada, q(course.id));
    const a1 = await answer(t, bola, id, 'First');
    const a2 = await answer(t, tutor, id, 'Second');
    const third = await owner(t, course);
    const refused = await t.op('questionAccept', { body: { answerId: a1 }, token: third.token });
    expect(refused.status).toBe(403);
    expect(refused.body.responseDto.message).toBe(
      'Only the person who asked or the tutor can accept an answer.',
    );
    expect((await t.op('questionAccept', { body: { answerId: a2 }, token: ada.token })).status).toBe(200);
    let got = await t.op('questionGet', { body: { id }, token: bola.token });
    expect(got.body.question.accepted).toBe(true);
    expect(got.body.answers.map((a) => [a.id, a.accepted])).toEqual([
      [a2, true],
      [a1, false],
    ]);
    expect((await t.op('questionAccept', { body: { answerId: a1 }, token: tutor.token })).status).toBe(200);
    got = await t.op('questionGet', { body: { id }, token: bola.token });
    expect(got.body.answers.map((a) => [a.id, a.accepted])).toEqual([
      [a1, true],
      [a2, false],
    ]);
    // Deleting the accepted answer drops the mark.
    expect(
      (await t.op('questionDelete', { body: { id: a1, kind: 'answer' }, token: bola.token })).status,
    ).toBe(200);
    got = await t.op('questionGet', { body: { id }, token: bola.token });
    expect(got.body.question).toMatchObject({ accepted: false, answerCount: 1 });
  });

  it('edit: own post within 30 minutes only', async () => {
    const { course, ada, bola } = await buildQaCourse(t);
    const id = await ask(t, ada, q(course.id));
    const a = await answer(t, bola, id);
    const edit = (who: typeof ada, body: Record<string, unknown>) =>
      t.op('questionEdit', { body: body as never, token: who.token });
    expect((await edit(ada, { id, title: 'Better title', body: 'Better body' })).status).toBe(200);
    expect((await edit(bola, { id, body: 'Not mine' })).status).toBe(403);
    expect((await edit(bola, { id: a, kind: 'answer', body: 'Edited answer' })).status).toBe(200);
    const bad = await edit(bola, { id: a, kind: 'answer', title: 'x', body: 'y' });
    expect(bad.status).toBe(400);
    const got = await t.op('questionGet', { body: { id }, token: ada.token });
    expect(got.body.question).toMatchObject({ title: 'Better title', body: 'Better body', edited: true });
    expect(got.body.answers[0]).toMatchObject({ body: 'Edited answer', edited: true });

    await t.ctx.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(questions.id, id));
    await t.ctx.db
      .update(answers)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(answers.id, a));
    for (const [who, body] of [
      [ada, { id, body: 'Too late' }],
      [bola, { id: a, kind: 'answer', body: 'Too late' }],
    ] as const) {
      const late = await edit(who, body);
      expect(late.status).toBe(400);
      expect(late.body.responseDto.message).toBe('You can edit a post only within 30 minutes of posting.');
    }
  });

  it("delete: one with answers shows '[deleted]', one without leaves", async () => {
    const { course, ada, bola } = await buildQaCourse(t);
    const kept = await ask(t, ada, q(course.id, 'Will have an answer'));
    await answer(t, bola, kept);
    const gone = await ask(t, ada, q(course.id, 'Nobody answers'));
    expect((await t.op('questionDelete', { body: { id: kept }, token: bola.token })).status).toBe(403);
    for (const id of [kept, gone])
      expect((await t.op('questionDelete', { body: { id }, token: ada.token })).status).toBe(200);
    const list = await t.op('questionList', {
      body: { courseId: course.id, pageSize: 10, pageNo: 0 },
      token: bola.token,
    });
    expect(list.body.totalData).toBe(1);
    expect(list.body.questions[0]).toMatchObject({
      id: kept,
      title: '[deleted]',
      body: '[deleted]',
      author: null,
      deleted: true,
      answerCount: 1,
    });
    expect((await t.op('questionGet', { body: { id: gone }, token: bola.token })).status).toBe(404);
    expect(
      (await t.op('questionAnswer', { body: { questionId: kept, body: 'late' }, token: bola.token })).status,
    ).toBe(400);
  });

  it('report, moderation list and hide (audited): hidden for everyone but admins', async () => {
    const { course, ada, bola, tutor } = await buildQaCourse(t);
    const id = await ask(t, ada, q(course.id, 'Buy cheap followers'));
    const a = await answer(t, bola, id, 'Rude answer');
    const rep = await t.op('questionReport', { body: { id, reason: 'Spam' }, token: bola.token });
    expect(rep.status, rep.text).toBe(200);
    await t.op('questionReport', { body: { id: a, kind: 'answer', reason: 'Rude' }, token: tutor.token });
    expect(
      (await t.op('questionReports', { body: { pageSize: 10, pageNo: 0 }, token: tutor.token })).status,
    ).toBe(403);
    const reports = await t.op('questionReports', { body: { pageSize: 100, pageNo: 0 }, token: admin.token });
    expect(reports.status).toBe(200);
    const mine = reports.body.reports.filter((r) => r.questionId === id);
    expect(mine.map((r) => [r.kind, r.reason, r.excerpt.slice(0, 19), r.hidden])).toEqual([
      ['answer', 'Rude', 'Rude answer', false],
      ['question', 'Spam', 'Buy cheap followers', false],
    ]);
    expect((await t.op('questionHide', { body: { id: a, kind: 'answer' }, token: tutor.token })).status).toBe(
      403,
    );
    expect((await t.op('questionHide', { body: { id: a, kind: 'answer' }, token: admin.token })).status).toBe(
      200,
    );
    expect((await t.op('questionGet', { body: { id }, token: ada.token })).body.answers).toEqual([]);
    expect((await t.op('questionHide', { body: { id }, token: admin.token })).status).toBe(200);
    expect((await t.op('questionGet', { body: { id }, token: ada.token })).status).toBe(404);
    const list = await t.op('questionList', {
      body: { courseId: course.id, pageSize: 10, pageNo: 0 },
      token: tutor.token,
    });
    expect(list.body.totalData).toBe(0);
    const asAdmin = await t.op('questionGet', { body: { id }, token: admin.token });
    expect(asAdmin.body.question.hidden).toBe(true);
    expect(asAdmin.body.answers.map((x) => x.hidden)).toEqual([true]);
    const audited = await t.ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'question'), eq(auditLog.subjectId, String(id))));
    expect(audited).toEqual([{ action: 'question.hidden', actorId: admin.id }]);
  });

  it('Q&A emails can be turned off and on', async () => {
    const s = await buildStudent(t);
    expect((await t.op('qaEmailsGet', { token: s.token })).body.enabled).toBe(true);
    expect((await t.op('qaEmailsSet', { body: { enabled: false }, token: s.token })).body.enabled).toBe(
      false,
    );
    expect((await t.op('qaEmailsGet', { token: s.token })).body.enabled).toBe(false);
    await t.op('qaEmailsSet', { body: { enabled: true }, token: s.token });
    expect((await t.op('qaEmailsGet', { token: s.token })).body.enabled).toBe(true);
    expect((await t.op('qaEmailsGet')).status).toBe(401);
  });
});
