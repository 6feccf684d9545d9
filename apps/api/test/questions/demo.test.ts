import { describe, expect, it } from 'vitest';
import { addDemoQuestions } from '../../src/commands/questions-demo.ts';
import { useTestApp } from '../harness.ts';
import { buildQaCourse } from './helpers.ts';

describe('demo Q&A', () => {
  const t = useTestApp();

  it('gives the demo course answered, accepted and waiting questions and an announcement', async () => {
    const { tutor, course, ada, lessons } = await buildQaCourse(t);
    await t.ctx.db.transaction((tx) =>
      addDemoQuestions(tx, { courseId: course.id, tutorId: tutor.id, studentId: ada.id }),
    );
    const list = await t.op('questionList', {
      body: { courseId: course.id, pageSize: 10, pageNo: 0 },
      token: ada.token,
    });
    expect(list.body.questions.map((q) => [q.seriesId, q.answerCount, q.accepted, q.votes])).toEqual([
      [lessons[0], 0, false, 0],
      [null, 1, false, 0],
      [lessons[1], 1, true, 1],
    ]);
    const got = await t.op('questionGet', { body: { id: list.body.questions[2]!.id }, token: ada.token });
    expect(got.body.answers[0]).toMatchObject({ byTutor: true, accepted: true, voted: true, votes: 1 });
    expect((await t.op('qaStats', { token: tutor.token })).body).toMatchObject({
      unanswered: 1,
      medianFirstAnswerMinutes: 69,
    });
    const news = await t.op('announcementList', {
      body: { courseId: course.id, pageSize: 10, pageNo: 0 },
      token: ada.token,
    });
    expect(news.body.announcements.map((a) => a.title)).toEqual(['Welcome to Kubernetes for Beginners']);
  });
});
