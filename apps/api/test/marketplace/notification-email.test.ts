import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { jobs, notifications, outbox } from '../../src/db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { enqueue } from '../../src/queue/queue.ts';
import type { Mail, Mailer } from '../../src/services/mail/mailer.ts';
import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildCourse } from '../factories-course.ts';
import { linkTo, type TestApp, useTestApp } from '../harness.ts';
import { buyWithPaystack, usePaystackApp } from '../payments/helpers.ts';

const fastJobs = { pollMs: 20, retryBaseMs: 40, names: [NOTIFICATION_EMAIL_JOB] };

const outboxOf = (t: TestApp, who: TestAccount) =>
  t.ctx.db
    .select({ subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.to, who.email))
    .orderBy(outbox.id);

describe('notification emails (local outbox)', () => {
  const { t, fake } = usePaystackApp({ jobs: fastJobs });
  const [admin] = useAccounts(t, 'admin');

  it('an approval emails the tutor once, with the notification and a link to the course', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending', title: 'Email me' });
    const res = await t.op('processCourse', {
      body: { id: course.id, status: 'Approved' },
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    await t.ctx.worker!.drain(10_000);
    expect(await outboxOf(t, tutor)).toEqual([
      {
        subject: 'Your DevLearn course was approved',
        body: expect.stringContaining(`Your course "Email me" was approved and is now on sale.`),
      },
    ]);
    expect((await outboxOf(t, tutor))[0]!.body).toMatch(linkTo(`/course/${course.id}`));
    // Approving again changes nothing and sends nothing.
    await t.op('processCourse', { body: { id: course.id, status: 'Approved' }, token: admin.token });
    await t.ctx.worker!.drain(10_000);
    expect(await outboxOf(t, tutor)).toHaveLength(1);
  });

  it('a rejection emails the tutor the reason', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending', title: 'Too short' });
    await t.op('processCourse', {
      body: { id: course.id, status: 'Rejected', reason: 'Section 2 has no audio at all.' },
      token: admin.token,
    });
    await t.ctx.worker!.drain(10_000);
    const mails = await outboxOf(t, tutor);
    expect(mails.map((m) => m.subject)).toEqual(['Your DevLearn course was rejected']);
    expect(mails[0]!.body).toContain('Your course "Too short" was rejected: Section 2 has no audio at all.');
    expect(mails[0]!.body).toMatch(linkTo(`/tutor/edit-course/${course.id}`));
  });

  it('a purchase emails the student a receipt; the tutor\'s "bought" event stays in the bell only', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { title: 'Receipt course' });
    const student = await buildStudent(t);
    await buyWithPaystack(t, fake, student, [course.id]);
    await t.ctx.worker!.drain(10_000);
    const mails = await outboxOf(t, student);
    expect(mails.map((m) => m.subject)).toEqual(['Your DevLearn purchase receipt']);
    expect(mails[0]!.body).toContain('Your purchase is confirmed: "Receipt course". Happy learning!');
    expect(mails[0]!.body).toMatch(linkTo(`/view-course/${course.id}`));
    expect(await outboxOf(t, tutor)).toEqual([]);
    const bell = await t.op('notificationList', {
      body: { pageSize: 10, pageNo: 0 },
      token: tutor.token,
    });
    expect(bell.body.notifications.map((n) => n.type)).toEqual(['course-bought']);
  });

  it("the purchase email and both bells are written in each reader's language, and follow a change of it", async () => {
    const tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    const course = await buildApprovedCourse(t, tutor, { title: 'Èdè course' });
    const student = await buildStudent(t, { fullName: 'Bola Ade' });
    await t.op('languageUpdate', { token: student.token, body: { language: 'yo' } });
    await t.op('languageUpdate', { token: tutor.token, body: { language: 'ha' } });
    await buyWithPaystack(t, fake, student, [course.id]);
    await t.ctx.worker!.drain(10_000);
    const [mail] = await outboxOf(t, student);
    expect(mail!.subject).toBe('Ìwé ẹ̀rí ìsanwó rírà rẹ lórí DevLearn');
    expect(mail!.body).toContain('Ẹ n lẹ́ o Bola Ade,');
    expect(mail!.body).toContain('A ti fìdí rírà rẹ múlẹ̀: "Èdè course". Ẹ̀kọ́ aláyọ̀!');
    expect(mail!.body).toMatch(/Ìwé ẹ̀rí ìsanwó rẹ \(PDF\): http/);
    const bell = async (who: TestAccount) =>
      (await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: who.token })).body
        .notifications[0]!.message;
    expect(await bell(student)).toBe('A ti fìdí rírà rẹ múlẹ̀: "Èdè course". Ẹ̀kọ́ aláyọ̀!');
    expect(await bell(tutor)).toBe('Bola Ade ya sayi kwas ɗinka "Èdè course".');
    // Back in English, the same events read in English.
    await t.op('languageUpdate', { token: tutor.token, body: { language: 'en' } });
    expect(await bell(tutor)).toBe('Bola Ade bought your course "Èdè course".');
  });

  it('a second job for the same notification sends nothing', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    await t.op('processCourse', { body: { id: course.id, status: 'Approved' }, token: admin.token });
    await t.ctx.worker!.drain(10_000);
    const [row] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.accountId, tutor.id));
    await enqueue(t.ctx.db, NOTIFICATION_EMAIL_JOB, { notificationId: row!.id });
    t.ctx.worker!.wake();
    await t.ctx.worker!.drain(10_000);
    expect(await outboxOf(t, tutor)).toHaveLength(1);
  });
});

describe('notification emails when the mail server fails', () => {
  const sent: Mail[] = [];
  // Fails the first sends to one address.
  let failing = '';
  let failuresLeft = 0;
  const flaky: Mailer = {
    async send(mail) {
      if (mail.to === failing && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('421 Service not available');
      }
      sent.push(mail);
    },
  };
  const t = useTestApp({ services: { mailer: flaky }, jobs: fastJobs });
  const [admin] = useAccounts(t, 'admin');

  it('retries with a growing pause and sends exactly once when the server is back', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending', title: 'Flaky mail' });
    failing = tutor.email;
    failuresLeft = 3;
    const res = await t.op('processCourse', {
      body: { id: course.id, status: 'Rejected', reason: 'Please add captions to every lesson.' },
      token: admin.token,
    });
    // The decision does not wait for the mail server.
    expect(res.status, res.text).toBe(200);
    const mine = () => sent.filter((m) => m.to === tutor.email);
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
    expect(failuresLeft).toBe(0);
    expect(mine()[0]).toMatchObject({
      subject: 'Your DevLearn course was rejected',
      text: expect.stringContaining('Please add captions to every lesson.'),
    });
    // The worker records the job as done just after the send returns: wait for the queue to be idle.
    await t.ctx.worker!.drain(10_000);
    const [event] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.accountId, tutor.id));
    const emailJobs = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, NOTIFICATION_EMAIL_JOB),
          sql`${jobs.payload}->>'notificationId' = ${String(event!.id)}`,
        ),
      );
    expect(emailJobs).toMatchObject([{ state: 'done', attempts: 4, lastError: null }]);
    expect(mine()).toHaveLength(1);
  });
});
