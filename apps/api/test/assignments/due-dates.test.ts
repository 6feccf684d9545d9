import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COHORT_REMINDER_JOB,
  sendReminderBatch,
  type ReminderPayload,
} from '../../src/commands/cohort-reminders.ts';
import { jobs, notifications, outbox } from '../../src/db/schema.ts';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp, type TestApp } from '../harness.ts';
import { buySeat, makeCohort } from '../cohorts/helpers.ts';
import { buildAssignment, submitText } from './helpers.ts';

const START = new Date('2027-01-11T08:00:00Z');
// Day 5 after the start day (11 January) at 23:00 in Lagos.
const DUE = '2027-01-16T22:00:00.000Z';

/** A cohort starting on 11 January of a course whose assignment is due on day 5 at 23:00, and three members. */
async function cohortWithDueWork(t: TestApp, over: { refuseLate?: boolean } = {}) {
  setCohortClock(new Date('2027-01-05T10:00:00Z'));
  const tutor = await buildTutor(t);
  const course = await buildApprovedCourse(t, tutor);
  const assignment = await buildAssignment(t, course, {
    dueDays: 5,
    dueLocalTime: '23:00',
    refuseLate: over.refuseLate ?? false,
  });
  const undated = await buildAssignment(t, course, { title: 'Reflection' });
  const cohort = await makeCohort(t, tutor, course, { startsAt: START, name: 'Cohort B' });
  const members = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
  for (const s of members) await buySeat(t, s, course.id, cohort.id);
  return { tutor, course, assignment, undated, cohort, members };
}

const remindersOf = (t: TestApp, assignmentId: number) =>
  t.ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.name, COHORT_REMINDER_JOB),
        sql`${jobs.payload}->>'kind' = 'assignment-24h' and (${jobs.payload}->>'id')::int = ${assignmentId}`,
      ),
    );

describe("assignments' due dates in cohorts: extensions, the week, the calendar and reminders", () => {
  const t = useTestApp();
  afterEach(() => setCohortClock(null));

  it("gives one member a later date, which the late rules, the week and the tutor's list follow", async () => {
    const { tutor, course, assignment, undated, cohort, members } = await cohortWithDueWork(t, {
      refuseLate: true,
    });
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const list = await t.op('deadlineList', { body: { cohortId: cohort.id }, token: tutor.token });
    expect(list.status, list.text).toBe(200);
    // Only the assignment with a due rule is listed, at its date in this cohort.
    expect(list.body.assignments).toEqual([
      { assignmentId: assignment.id, title: 'Build a CI pipeline', dueAt: DUE, refuseLate: true },
    ]);

    const extend = (body: Record<string, unknown>, token = tutor.token) =>
      t.op('deadlineExtend', {
        body: { cohortId: cohort.id, studentId: b.id, dueAt: '2027-01-18T12:00:00Z', ...body },
        token,
      });
    const ext = await extend({ assignmentId: assignment.id });
    expect(ext.status, ext.text).toBe(200);
    const got = await t.op('assignmentGet', { body: { assignmentId: assignment.id }, token: b.token });
    expect(got.body.standing.dueAt).toBe('2027-01-18T12:00:00.000Z');

    // The week: the assignment is due for a member until they hand it in.
    setCohortClock(new Date('2027-01-12T10:00:00Z'));
    await submitText(t, c, assignment.id);
    const week = await t.op('cohortWeek', { token: a.token });
    expect(week.status, week.text).toBe(200);
    expect(week.body.due).toEqual([
      {
        courseId: course.id,
        assignmentId: assignment.id,
        title: 'Build a CI pipeline',
        dueAt: DUE,
        late: false,
        refuseLate: true,
      },
    ]);
    expect((await t.op('cohortWeek', { token: c.token })).body.due).toEqual([]);
    expect((await t.op('cohortWeek', { token: b.token })).body.due.map((d) => d.dueAt)).toEqual([
      '2027-01-18T12:00:00.000Z',
    ]);

    // Past the cohort's date: refused for the others, on time for the member with the later date.
    setCohortClock(new Date('2027-01-16T22:01:00Z'));
    await t.op('assignmentDraft', { body: { assignmentId: assignment.id, text: 'late' }, token: a.token });
    const refused = await t.op('assignmentSubmit', { body: { assignmentId: assignment.id }, token: a.token });
    expect(refused.status).toBe(400);
    expect(refused.body.responseDto.message).toBe(
      'This assignment was due on 16 January 2027, 23:00 WAT. Late submissions are not accepted.',
    );
    expect((await submitText(t, b, assignment.id)).late).toBe(false);

    // What cannot be extended, and who cannot extend.
    const other = await buildTutor(t);
    expect((await extend({ assignmentId: assignment.id }, other.token)).status).toBe(403);
    const outsider = await buildStudent(t);
    const notMember = await extend({ assignmentId: assignment.id, studentId: outsider.id });
    expect(notMember.status).toBe(400);
    expect(notMember.body.responseDto.message).toBe('This student is not in the cohort.');
    const noDate = await extend({ assignmentId: undated.id });
    expect(noDate.status).toBe(404);
    expect(noDate.body.responseDto.message).toBe('This assignment has no due date.');
    const elsewhere = await buildAssignment(t, await buildApprovedCourse(t, tutor), { dueDays: 1 });
    expect((await extend({ assignmentId: elsewhere.id })).body.responseDto.message).toBe(
      "This assignment is not in the cohort's course.",
    );
    const both = await extend({ assignmentId: assignment.id, quizId: 1 });
    expect(both.status).toBe(400);
    expect(both.body.responseDto.message).toContain('Name either a quizId or an assignmentId.');
    expect((await extend({})).status).toBe(400);
  });

  it("puts the assignment in the calendar feed at the member's date", async () => {
    const { assignment, members } = await cohortWithDueWork(t);
    const feed = await t.op('calendarFeedNew', { token: members[0]!.token });
    expect(feed.status, feed.text).toBe(200);
    const res = await fetch(feed.body.url.replace(t.config.publicUrl, t.url));
    expect(res.status).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(await res.text()));
    const due = cal
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .filter((e) => e.uid.startsWith(`assignment-${assignment.id}-`));
    expect(due.map((e) => [e.summary, e.endDate.toJSDate().toISOString()])).toEqual([
      ['Due: Build a CI pipeline', DUE],
    ]);
  });

  it('reminds the members 24 hours before, once each, except who handed it in or has a later date', async () => {
    const { tutor, course, assignment, cohort, members } = await cohortWithDueWork(t);
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    // Queued when the cohort was made, for 24 hours before the assignment is due in it.
    const queued = await remindersOf(t, assignment.id);
    expect(queued.map((j) => [j.runAt.toISOString(), (j.payload as ReminderPayload).cohortId])).toEqual([
      ['2027-01-15T22:00:00.000Z', cohort.id],
    ]);
    const first = queued[0]!.payload as ReminderPayload;

    // The cohort moves a day later: a new reminder for the new date; the old one says nothing.
    const moved = await t.op('cohortSave', {
      body: {
        id: cohort.id,
        courseId: course.id,
        name: 'Cohort B',
        startsAt: '2027-01-12T08:00:00Z',
        endsAt: '2027-02-22T08:00:00Z',
        capacity: 30,
      },
      token: tutor.token,
    });
    expect(moved.status, moved.text).toBe(200);
    const now = (await remindersOf(t, assignment.id)).map((j) => j.payload as ReminderPayload);
    const second = now.find((p) => p.at === '2027-01-17T22:00:00.000Z');
    expect(second, 'a reminder for the new date').toBeDefined();
    expect(await sendReminderBatch(t.ctx, first)).toBe(0);

    setCohortClock(new Date('2027-01-14T10:00:00Z'));
    await submitText(t, c, assignment.id);
    await t.op('deadlineExtend', {
      body: {
        cohortId: cohort.id,
        assignmentId: assignment.id,
        studentId: b.id,
        dueAt: '2027-01-20T12:00:00Z',
      },
      token: tutor.token,
    });
    // Run twice (a retried job): one reminder for the one member still to hand it in.
    expect(await sendReminderBatch(t.ctx, second!)).toBe(1);
    expect(await sendReminderBatch(t.ctx, second!)).toBe(0);
    for (const m of members) {
      const mine = await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, m.id), eq(notifications.type, 'cohort-reminder')));
      expect(mine.map((n) => n.message)).toEqual(
        m.id === a.id
          ? ['The assignment "Build a CI pipeline" in Cohort B is due on 17 January 2027, 23:00 WAT.']
          : [],
      );
      if (m.id === a.id) expect(mine[0]!.link).toMatch(new RegExp(`^/home/assignment/${assignment.id}\\?`));
    }
    const mail = await t.ctx.db.select().from(outbox).where(eq(outbox.to, a.email));
    expect(mail.map((x) => x.subject)).toContain('Due tomorrow: Build a CI pipeline');
  });
});
