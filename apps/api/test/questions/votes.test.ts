import { describe, expect, it } from 'vitest';
import { buildStudent } from '../factories.ts';
import { buildEnrolment } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { answer, ask, buildQaCourse } from './helpers.ts';

describe('Q&A votes', () => {
  const t = useTestApp();

  it('50 people voting at once count 50; a second round takes them all back', async () => {
    const { course, ada, tutor } = await buildQaCourse(t);
    const id = await ask(t, ada, { courseId: course.id, title: 'Popular question', body: 'Vote for me' });
    const a = await answer(t, tutor, id, 'Popular answer');
    const voters = await Promise.all(Array.from({ length: 50 }, () => buildStudent(t)));
    for (const v of voters) await buildEnrolment(t, v, course);

    const round = async (target: { questionId: number } | { answerId: number }) =>
      Promise.all(voters.map((v) => t.op('questionVote', { body: target, token: v.token })));
    const votesOf = async () => {
      const got = await t.op('questionGet', { body: { id }, token: ada.token });
      return [got.body.question.votes, got.body.answers[0]!.votes];
    };

    const first = await Promise.all([round({ questionId: id }), round({ answerId: a })]);
    for (const res of first.flat()) expect(res.status, res.text).toBe(200);
    expect(first[0].every((r) => r.body.voted)).toBe(true);
    expect(await votesOf()).toEqual([50, 50]);
    const mine = await t.op('questionGet', { body: { id }, token: voters[0]!.token });
    expect([mine.body.question.voted, mine.body.answers[0]!.voted]).toEqual([true, true]);

    const second = await Promise.all([round({ questionId: id }), round({ answerId: a })]);
    expect(second.flat().every((r) => r.status === 200 && !r.body.voted)).toBe(true);
    expect(await votesOf()).toEqual([0, 0]);
  });

  it('one vote per person, never on your own post; the body names one post', async () => {
    const { course, ada, bola } = await buildQaCourse(t);
    const id = await ask(t, ada, { courseId: course.id, title: 'Mine', body: 'x' });
    const own = await t.op('questionVote', { body: { questionId: id }, token: ada.token });
    expect(own.status).toBe(400);
    expect(own.body.responseDto.message).toBe('You cannot vote for your own post.');
    const v1 = await t.op('questionVote', { body: { questionId: id }, token: bola.token });
    expect(v1.body).toMatchObject({ votes: 1, voted: true });
    const v2 = await t.op('questionVote', { body: { questionId: id }, token: bola.token });
    expect(v2.body).toMatchObject({ votes: 0, voted: false });
    const both = await t.op('questionVote', { body: { questionId: id, answerId: 1 }, token: bola.token });
    expect(both.status).toBe(400);
    expect(both.body.responseDto.message).toContain('Send either questionId or answerId');
  });
});
