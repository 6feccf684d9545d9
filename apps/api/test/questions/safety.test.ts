import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answers, questions } from '../../src/db/schema-qa.ts';
import { useTestApp } from '../harness.ts';
import { XSS } from '../xss.ts';
import { answer, ask, buildQaCourse, owner } from './helpers.ts';

describe('Q&A safety', () => {
  const t = useTestApp();

  it('stores XSS payloads as plain text and answers them byte for byte as JSON strings', async () => {
    const { course, tutor } = await buildQaCourse(t);
    for (const [i, payload] of XSS.entries()) {
      // A new owner per question keeps under the hourly limit.
      const who = await owner(t, course);
      const body = `${payload}\nline two ${i}`;
      const id = await ask(t, who, { courseId: course.id, title: payload, body });
      const answerId = await answer(t, tutor, id, payload);
      const got = await t.op('questionGet', { body: { id }, token: who.token });
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.body.question.title).toBe(payload);
      expect(got.body.question.body).toBe(body);
      expect(got.body.answers.find((a) => a.id === answerId)!.body).toBe(payload);
      // The raw answer carries the exact JSON string of the text: nothing escaped into HTML, nothing stripped.
      expect(got.text).toContain(`"title":${JSON.stringify(payload)}`);
      expect(got.text).toContain(`"body":${JSON.stringify(body)}`);
      const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, id));
      expect([row!.title, row!.body]).toEqual([payload, body]);
    }
    const list = await t.op('questionList', {
      body: { courseId: course.id, pageSize: 100, pageNo: 0 },
      token: tutor.token,
    });
    expect(list.body.questions.map((q) => q.title).sort()).toEqual([...XSS].sort());
  });

  it('refuses control characters and trims only the ends', async () => {
    const { course, ada } = await buildQaCourse(t);
    const bad = await t.op('questionAdd', {
      body: { courseId: course.id, title: 'Bell\u0007', body: 'x' },
      token: ada.token,
    });
    expect(bad.status).toBe(400);
    const tooLong = await t.op('questionAdd', {
      body: { courseId: course.id, title: 'x'.repeat(151), body: 'x' },
      token: ada.token,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.responseDto.message).toContain('Title must be at most 150 characters');
    const id = await ask(t, ada, {
      courseId: course.id,
      title: '  Spaces  inside  ',
      body: '\n  Tabs\tand\nlines  \n',
    });
    const got = await t.op('questionGet', { body: { id }, token: ada.token });
    expect([got.body.question.title, got.body.question.body]).toEqual(['Spaces  inside', 'Tabs\tand\nlines']);
  });

  it('at most 10 questions and 30 answers per person per hour', async () => {
    const { course, ada, tutor } = await buildQaCourse(t);
    for (let i = 0; i < 10; i++)
      await ask(t, ada, { courseId: course.id, title: `Question ${i}`, body: 'x' });
    const eleventh = await t.op('questionAdd', {
      body: { courseId: course.id, title: 'One too many', body: 'x' },
      token: ada.token,
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.responseDto.message).toMatch(
      /^You can ask at most 10 questions an hour\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(3000);
    // An hour later the oldest no longer count.
    await t.ctx.db
      .update(questions)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(questions.authorId, ada.id));
    const id = await ask(t, ada, { courseId: course.id, title: 'Next hour', body: 'x' });

    for (let i = 0; i < 30; i++) await answer(t, tutor, id, `Answer ${i}`);
    const late = await t.op('questionAnswer', {
      body: { questionId: id, body: 'Answer 31' },
      token: tutor.token,
    });
    expect(late.status).toBe(429);
    expect(late.body.responseDto.message).toMatch(/^You can post at most 30 answers an hour\./);
    await t.ctx.db
      .update(answers)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(answers.authorId, tutor.id));
    expect(
      (await t.op('questionAnswer', { body: { questionId: id, body: 'Answer 31' }, token: tutor.token }))
        .status,
    ).toBe(200);
  });
});
