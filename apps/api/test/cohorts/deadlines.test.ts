import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  COHORT_REMINDER_JOB,
  sendReminderBatch,
  type ReminderPayload,
} from '../../src/commands/cohort-reminders.ts';
import { jobs, notifications, outbox, sections } from '../../src/db/schema.ts';
import { quizAttempts, quizQuestions, quizzes } from '../../src/db/schema-learning.ts';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { lagosDateTime } from '../../src/i18n/index.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { startTestApp, useTestApp, type TestApp } from '../harness.ts';
import { eventually } from '../orders/helpers.ts';
import { buySeat, makeCohort } from './helpers.ts';

const START = new Date('2027-01-12T08:00:00Z');

describe('cohort deadlines, reminders and announcements', () => {
  const t = useTestApp({ jobs: { pollMs: 25, retryBaseMs: 50, names: [COHORT_REMINDER_JOB] } });
  let second: TestApp;
  let tutor: TestAccount;
  let course: TestCourse;
  let cohortId: number;
  let quizId: number;
  let members: TestAccount[];

  afterEach(() => setCohortClock(null));
  afterAll(() => second?.close());

  beforeAll(async () => {
    // A second instance on the same database with its own worker: reminders must still go out once.
    second = await startTestApp({
      sameDatabaseAs: t,
      jobs: { pollMs: 25, retryBaseMs: 50, names: [COHORT_REMINDER_JOB] },
    });
    setCohortClock(new Date('2027-01-05T10:00:00Z'));
    tutor = await buildTutor(t);
    course = await buildApprovedCourse(t, tutor);
    cohortId = (await makeCohort(t, tutor, course, { startsAt: START, name: 'Cohort A' })).id;
    const [section] = await t.ctx.db.select().from(sections).where(eq(sections.courseId, course.id)).limit(1);
    const [quiz] = await t.ctx.db
      .insert(quizzes)
      .values({ courseId: course.id, sectionId: section!.id, title: 'Week 1 check', passPercent: 50 })
      .returning();
    quizId = quiz!.id;
    await t.ctx.db.insert(quizQuestions).values({
      quizId,
      position: 1,
      type: 'truefalse',
      text: 'Is HTTP stateless?',
      options: [
        { id: 1, text: 'True', correct: true },
        { id: 2, text: 'False', correct: false },
      ],
    });
    members = [];
    for (let i = 0; i < 3; i++) {
      const s = await buildStudent(t);
      await buySeat(t, s, course.id, cohortId);
      members.push(s);
    }
    // Set-up through the API: slow on a loaded machine.
  }, 180_000);

  const submit = (who: TestAccount) =>
    t.op('quizSubmit', { body: { quizId, answers: [{ questionId: 1, optionIds: [1] }] }, token: who.token });

  it('marks attempts after the deadline late, honours an extension, and refuses late work when asked', async () => {
    const set = await t.op('deadlineSet', {
      body: { cohortId, quizId, days: 4, localTime: '23:59' },
      token: tutor.token,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.dueAt).toBe('2027-01-16T22:59:00.000Z'); // Saturday 16 January, 23:59 in Lagos
    setCohortClock(new Date('2027-01-16T22:59:00Z'));
    const onTime = await submit(members[0]!);
    expect(onTime.status, onTime.text).toBe(200);
    expect(onTime.body.late).toBeUndefined();
    setCohortClock(new Date('2027-01-16T23:00:00Z'));
    const late = await submit(members[1]!);
    expect(late.status).toBe(200);
    expect(late.body.late).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, members[1]!.id)));
    expect(row!.late).toBe(true);

    const ext = await t.op('deadlineExtend', {
      body: { cohortId, quizId, studentId: members[2]!.id, dueAt: '2027-01-18T12:00:00Z' },
      token: tutor.token,
    });
    expect(ext.status, ext.text).toBe(200);
    expect((await submit(members[2]!)).body.late).toBeUndefined();

    await t.op('deadlineSet', {
      body: { cohortId, quizId, days: 4, localTime: '23:59', refuseLate: true },
      token: tutor.token,
    });
    const refused = await submit(members[1]!);
    expect(refused.status).toBe(400);
    expect(refused.body.responseDto.message).toBe(
      'This quiz was due on 16 January 2027, 23:59 WAT. Late attempts are not accepted.',
    );
    // Another tutor cannot move it; a student outside the cohort cannot be extended.
    const other = await buildTutor(t);
    expect(
      (
        await t.op('deadlineSet', {
          body: { cohortId, quizId, days: 9, localTime: '10:00' },
          token: other.token,
        })
      ).status,
    ).toBe(403);
    const outsider = await buildStudent(t);
    const notMember = await t.op('deadlineExtend', {
      body: { cohortId, quizId, studentId: outsider.id, dueAt: '2027-01-18T12:00:00Z' },
      token: tutor.token,
    });
    expect(notMember.status).toBe(400);
  });

  it('sends each session reminder once per member in the app and by email, even with two workers', async () => {
    const session = await t.op('liveSessionSave', {
      body: {
        cohortId,
        title: 'Kick-off',
        startsAt: '2027-01-12T17:00:00Z',
        durationMinutes: 60,
        provider: 'link',
        link: 'https://meet.example.com/kick',
      },
      token: tutor.token,
    });
    expect(session.status, session.text).toBe(200);
    const sessionId = session.body.session.id;
    // One member reads in Hausa.
    const hausa = members[2]!;
    await t.op('languageUpdate', { token: hausa.token, body: { language: 'ha' } });
    // A member's week: the quiz due on Saturday and the next live class.
    setCohortClock(new Date('2027-01-12T10:00:00Z'));
    const week = await t.op('cohortWeek', { token: members[0]!.token });
    expect(week.status, week.text).toBe(200);
    expect(week.body.due).toEqual([
      { courseId: course.id, quizId, title: 'Week 1 check', dueAt: '2027-01-16T22:59:00.000Z', late: false },
    ]);
    expect(week.body.nextSession).toMatchObject({
      title: 'Kick-off',
      cohortName: 'Cohort A',
      provider: 'link',
    });
    expect(JSON.stringify(week.body)).not.toContain('meet.example.com');
    // Past its deadline the quiz stays in the week for 7 days, late.
    setCohortClock(new Date('2027-01-17T10:00:00Z'));
    const after = await t.op('cohortWeek', { token: members[0]!.token });
    expect(after.body.due.map((d) => [d.title, d.late])).toEqual([['Week 1 check', true]]);
    setCohortClock(new Date('2027-01-12T10:00:00Z'));
    const queued = () =>
      t.ctx.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.name, COHORT_REMINDER_JOB),
            sql`(${jobs.payload}->>'id')::int = ${sessionId} and ${jobs.payload}->>'kind' like 'session-%'`,
          ),
        );
    const made = await queued();
    expect(made.map((j) => (j.payload as ReminderPayload).kind).sort()).toEqual([
      'session-1h',
      'session-24h',
    ]);
    expect(made.map((j) => j.runAt.toISOString()).sort()).toEqual([
      '2027-01-11T17:00:00.000Z',
      '2027-01-12T16:00:00.000Z',
    ]);
    // Both come due at once, each queued twice (as a retried enqueue would), on two instances.
    for (const j of made)
      await t.ctx.db.insert(jobs).values({ name: j.name, payload: j.payload, runAt: new Date() });
    await t.ctx.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(
        and(
          eq(jobs.name, COHORT_REMINDER_JOB),
          sql`(${jobs.payload}->>'id')::int = ${sessionId} and ${jobs.payload}->>'kind' like 'session-%'`,
        ),
      );
    // And the same batch straight from both instances at the same moment.
    const payload = made.find((j) => (j.payload as ReminderPayload).kind === 'session-1h')!
      .payload as ReminderPayload;
    await Promise.all([sendReminderBatch(t.ctx, payload), sendReminderBatch(second.ctx, payload)]);
    t.ctx.worker!.wake();
    second.ctx.worker!.wake();
    await eventually(async () => {
      const left = await queued();
      expect(left.every((j) => j.state === 'done')).toBe(true);
    });
    for (const m of members) {
      const mine = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, m.id), eq(notifications.type, 'cohort-reminder')));
      expect(mine.map((n) => n.message).sort()).toEqual([
        '"Kick-off" of Cohort A starts in 1 hour, on 12 January 2027, 18:00 WAT.',
        '"Kick-off" of Cohort A starts in 24 hours, on 12 January 2027, 18:00 WAT.',
      ]);
      const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, m.email));
      if (m === hausa) continue;
      expect(
        mails
          .filter((x) => x.subject.startsWith('Live class'))
          .map((x) => x.subject)
          .sort(),
      ).toEqual(['Live class in 1 hour: Kick-off', 'Live class tomorrow: Kick-off']);
    }
    // The Hausa member's bell and emails are in Hausa, the moment in its date form.
    const when = lagosDateTime('ha', new Date('2027-01-12T17:00:00Z'));
    expect(when).toMatch(/^12 Janairu,? 2027.* 18:00 WAT$/);
    const bell = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: hausa.token });
    expect(
      bell.body.notifications
        .filter((n) => n.type === 'cohort-reminder')
        .map((n) => n.message)
        .sort(),
    ).toEqual([
      `"Kick-off" na Cohort A zai fara nan da awa 1, a ${when}.`,
      `"Kick-off" na Cohort A zai fara nan da awanni 24, a ${when}.`,
    ]);
    const hausaMails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, hausa.email));
    const live = hausaMails.filter((x) => x.subject.startsWith('Aji kai tsaye'));
    expect(live.map((x) => x.subject).sort()).toEqual([
      'Aji kai tsaye gobe: Kick-off',
      'Aji kai tsaye nan da awa 1: Kick-off',
    ]);
    expect(live.find((x) => x.subject.endsWith('awa 1: Kick-off'))!.body).toContain(
      `Sannu ${hausa.fullName},\n\n"Kick-off" na Cohort A zai fara nan da awa 1, a ${when}.`,
    );
  });

  it("announces to one cohort's members only", async () => {
    const otherCohort = await makeCohort(t, tutor, course, { startsAt: START, name: 'Cohort B' });
    const elsewhere = await buildStudent(t);
    setCohortClock(new Date('2027-01-06T10:00:00Z'));
    await buySeat(t, elsewhere, course.id, otherCohort.id);
    const res = await t.op('cohortAnnounce', {
      body: { cohortId, title: 'Room change', body: 'We meet on Jitsi this week.' },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
    const { fanOutAnnouncement } = await import('../../src/jobs/announcements.ts');
    const [queuedJob] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'announcement-fanout'))
      .orderBy(sql`${jobs.id} desc`)
      .limit(1);
    expect(await fanOutAnnouncement(t.ctx, queuedJob!.payload as never)).toBe(3);
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.type, 'announcement'));
    expect(told.map((n) => n.accountId).sort()).toEqual(members.map((m) => m.id).sort());
    expect(told.some((n) => n.accountId === elsewhere.id)).toBe(false);
  });
});
