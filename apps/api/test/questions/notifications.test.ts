import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, notifications, outbox } from '../../src/db/schema.ts';
import { qaDigestItems, qaDigestSent } from '../../src/db/schema-qa.ts';
import { QA_DIGEST_JOB } from '../../src/commands/questions-notify.ts';
import { DIGEST_SUBJECT, sendQaDigest } from '../../src/jobs/qa-digest.ts';
import type { TestAccount } from '../factories.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { answer, ask, buildQaCourse } from './helpers.ts';

const bell = async (t: TestApp, who: TestAccount) =>
  (
    await t.ctx.db
      .select({ type: notifications.type, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.accountId, who.id))
      .orderBy(notifications.id)
  ).map((n) => n.type);

const mailsTo = (t: TestApp, who: TestAccount) =>
  t.ctx.db
    .select({ subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.to, who.email))
    .orderBy(outbox.id);

describe('Q&A notifications: one per recipient per post', () => {
  const t = useTestApp();

  it('the tutor hears of questions, the asker of answers and acceptance; nobody of their own post', async () => {
    const { course, tutor, ada, bola } = await buildQaCourse(t);
    const id = await ask(t, ada, { courseId: course.id, title: 'Help', body: 'Please' });
    expect(await bell(t, tutor)).toEqual(['question-asked']);
    const [n] = await t.ctx.db.select().from(notifications).where(eq(notifications.accountId, tutor.id));
    expect(n!.link).toBe(`/tutor/questions?question=${id}`);
    expect(n!.message).toBe(`${ada.fullName} asked on "${course.title}": Help`);

    // The tutor's own question tells nobody.
    await ask(t, tutor, { courseId: course.id, title: 'Poll', body: 'Which topic next?' });
    expect(await bell(t, tutor)).toEqual(['question-asked']);

    const byTutor = await answer(t, tutor, id);
    expect(await bell(t, ada)).toEqual(['question-answered']);
    // The asker answering herself tells nobody.
    const own = await answer(t, ada, id, 'Found it myself');
    expect(await bell(t, ada)).toEqual(['question-answered']);
    const byBola = await answer(t, bola, id);
    expect(await bell(t, ada)).toEqual(['question-answered', 'question-answered']);

    // The asker accepts: the answer's author hears, not the asker.
    await t.op('questionAccept', { body: { answerId: byTutor }, token: ada.token });
    expect(await bell(t, tutor)).toEqual(['question-asked', 'answer-accepted']);
    expect(await bell(t, ada)).toHaveLength(2);
    // The tutor accepts another: its author and the asker hear, once each.
    await t.op('questionAccept', { body: { answerId: byBola }, token: tutor.token });
    expect(await bell(t, bola)).toEqual(['answer-accepted']);
    expect(await bell(t, ada)).toEqual(['question-answered', 'question-answered', 'answer-accepted']);
    // Accepting the asker's own answer: she is asker and author, and hears once.
    await t.op('questionAccept', { body: { answerId: own }, token: tutor.token });
    expect(await bell(t, ada)).toEqual([
      'question-answered',
      'question-answered',
      'answer-accepted',
      'answer-accepted',
    ]);
    // Accepting the accepted one again changes nothing.
    await t.op('questionAccept', { body: { answerId: own }, token: tutor.token });
    expect(await bell(t, ada)).toHaveLength(4);
    const list = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: ada.token });
    expect(list.body.notifications[0]!.link).toBe(`/view-course/${course.id}?question=${id}`);
  });
});

describe('Q&A email digest: at most one an hour', () => {
  const t = useTestApp({ jobs: { pollMs: 20, names: [QA_DIGEST_JOB] } });

  it('sends the first at once, gathers the next for an hour (fake clock), and respects the opt-out', async () => {
    const { course, tutor, ada, bola } = await buildQaCourse(t);
    await ask(t, ada, { courseId: course.id, title: 'First question', body: 'x' });
    await t.ctx.worker!.drain(10_000);
    let mails = await mailsTo(t, tutor);
    expect(mails.map((m) => m.subject)).toEqual([DIGEST_SUBJECT]);
    expect(mails[0]!.body).toContain(`${ada.fullName} asked on "${course.title}": First question`);
    expect(mails[0]!.body).toContain('/tutor/questions?question=');

    await ask(t, bola, { courseId: course.id, title: 'Second question', body: 'x' });
    await ask(t, ada, { courseId: course.id, title: 'Third question', body: 'x' });
    await t.ctx.worker!.drain(10_000);
    expect(await mailsTo(t, tutor)).toHaveLength(1);
    expect(await bell(t, tutor)).toHaveLength(3);
    // One job waits for the end of the hour.
    const [sent] = await t.ctx.db.select().from(qaDigestSent).where(eq(qaDigestSent.accountId, tutor.id));
    const waiting = await t.ctx.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, QA_DIGEST_JOB),
          eq(jobs.state, 'queued'),
          sql`${jobs.payload}->>'accountId' = ${String(tutor.id)}`,
        ),
      );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAt.getTime()).toBe(sent!.sentAt.getTime() + 60 * 60_000);

    const last = sent!.sentAt.getTime();
    expect(await sendQaDigest(t.ctx, tutor.id, new Date(last + 30 * 60_000))).toBe('later');
    expect(await mailsTo(t, tutor)).toHaveLength(1);
    expect(await sendQaDigest(t.ctx, tutor.id, new Date(last + 60 * 60_000))).toBe('sent');
    mails = await mailsTo(t, tutor);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain('2 things happened in your courses');
    expect(mails[1]!.body).toContain('Second question');
    expect(mails[1]!.body).toContain('Third question');
    expect(mails[1]!.body).not.toContain('First question');
    expect(await sendQaDigest(t.ctx, tutor.id, new Date(last + 3 * 60 * 60_000))).toBe('nothing');

    // Ada turns Q&A emails off: she still hears in the app, with no email.
    await t.op('qaEmailsSet', { body: { enabled: false }, token: ada.token });
    const [q] = (
      await t.op('questionList', { body: { courseId: course.id, pageSize: 10, pageNo: 0 }, token: ada.token })
    ).body.questions.filter((x) => x.title === 'Third question');
    await answer(t, tutor, q!.id);
    await t.ctx.worker!.drain(10_000);
    expect(await bell(t, ada)).toEqual(['question-answered']);
    expect(await t.ctx.db.select().from(qaDigestItems).where(eq(qaDigestItems.accountId, ada.id))).toEqual(
      [],
    );
    expect(await mailsTo(t, ada)).toEqual([]);
  });

  it("writes the digest and the bell in the reader's language (Hausa), the posts' own words as written", async () => {
    const { course, tutor, ada } = await buildQaCourse(t);
    await t.op('languageUpdate', { token: tutor.token, body: { language: 'ha' } });
    await t.op('languageUpdate', { token: ada.token, body: { language: 'ha' } });
    const id = await ask(t, ada, { courseId: course.id, title: 'Ina bidiyo na uku?', body: 'x' });
    await t.ctx.worker!.drain(10_000);
    const [mail] = await mailsTo(t, tutor);
    expect(mail!.subject).toBe('Tambayoyinka da amsoshinka na DevLearn');
    expect(mail!.body).toContain(`Sannu ${tutor.fullName},`);
    expect(mail!.body).toContain('Ga abin da ya faru a kwasa-kwasanka:');
    expect(mail!.body).toContain(`- ${ada.fullName} ya yi tambaya a "${course.title}": Ina bidiyo na uku?`);
    expect(mail!.body).toContain('Za ka iya kashe waɗannan imel ɗin a bayananka.');
    await answer(t, tutor, id);
    const list = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: ada.token });
    expect(list.body.notifications[0]!.message).toBe(
      `${tutor.fullName} (malami) ya amsa tambayarka "Ina bidiyo na uku?".`,
    );
    // The row keeps the English for the spec's client.
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.accountId, ada.id));
    expect(row!.message).toBe(`${tutor.fullName} (tutor) answered your question "Ina bidiyo na uku?".`);
  });
});
