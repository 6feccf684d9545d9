import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '../../src/db/schema.ts';
import { quizzes } from '../../src/db/schema-learning.ts';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildMedia, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { buySeat, makeCohort } from './helpers.ts';

// What the tutor's screens read and write beyond the cohort itself: the rules and deadlines they show, and a live
// class's recording, which becomes a lesson of the cohort (docs/cohorts.md).

const START = new Date('2027-01-12T08:00:00Z');

describe('cohort screens: rules, deadlines and recordings', () => {
  const t = useTestApp();
  let tutor: TestAccount;
  let member: TestAccount;
  let course: TestCourse;
  let cohortId: number;
  let sessionId: number;
  let sectionIds: number[];

  afterEach(() => setCohortClock(null));

  beforeAll(async () => {
    setCohortClock(new Date('2027-01-05T10:00:00Z'));
    tutor = await buildTutor(t);
    course = await buildApprovedCourse(t, tutor);
    cohortId = (await makeCohort(t, tutor, course, { startsAt: START })).id;
    member = await buildStudent(t, { fullName: 'Bola Member' });
    await buySeat(t, member, course.id, cohortId);
    const session = await t.op('liveSessionSave', {
      body: {
        cohortId,
        title: 'Week 1 live class',
        startsAt: '2027-01-13T17:00:00Z',
        durationMinutes: 60,
        provider: 'link',
        link: 'https://meet.example.com/abc-defg',
      },
      token: tutor.token,
    });
    expect(session.status, session.text).toBe(200);
    sessionId = session.body.session.id;
    const rows = await t.ctx.db
      .select({ id: sections.id })
      .from(sections)
      .where(eq(sections.courseId, course.id))
      .orderBy(sections.id);
    sectionIds = rows.map((r) => r.id);
    // Set-up through the API: slow on a loaded machine.
  }, 180_000);

  it("lists a course's release rules for its tutor only", async () => {
    await t.op('releaseRuleSet', {
      body: { sectionId: sectionIds[1]!, rule: { kind: 'cohort_day', days: 7, localTime: '09:00' } },
      token: tutor.token,
    });
    const res = await t.op('releaseRuleList', { body: { courseId: course.id }, token: tutor.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rules).toEqual([
      { sectionId: sectionIds[1], kind: 'cohort_day', days: 7, localTime: '09:00', opensAt: null },
    ]);
    const other = await buildTutor(t);
    expect(
      (await t.op('releaseRuleList', { body: { courseId: course.id }, token: other.token })).status,
    ).toBe(403);
    expect(
      (await t.op('releaseRuleList', { body: { courseId: course.id }, token: member.token })).status,
    ).toBe(403);
  });

  it("lists a cohort's deadlines for its tutor", async () => {
    const [quiz] = await t.ctx.db
      .insert(quizzes)
      .values({ courseId: course.id, sectionId: sectionIds[0]!, title: 'Week 1 check' })
      .returning();
    const set = await t.op('deadlineSet', {
      body: { cohortId, quizId: quiz!.id, days: 4, localTime: '23:59', refuseLate: true },
      token: tutor.token,
    });
    expect(set.status, set.text).toBe(200);
    const res = await t.op('deadlineList', { body: { cohortId }, token: tutor.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.deadlines).toEqual([
      { quizId: quiz!.id, days: 4, localTime: '23:59', dueAt: '2027-01-16T22:59:00.000Z', refuseLate: true },
    ]);
    expect((await t.op('deadlineList', { body: { cohortId }, token: member.token })).status).toBe(403);
  });

  const attach = (recording: string | null, token = tutor.token) =>
    t.op('liveSessionSave', {
      // A change from the screens' list, which never carries the meeting link.
      body: {
        id: sessionId,
        cohortId,
        title: 'Week 1 live class',
        startsAt: '2027-01-13T17:00:00Z',
        durationMinutes: 60,
        provider: 'link',
        recording,
      },
      token,
    });

  it("keeps a session's meeting link when a change leaves it out, and refuses a recording that is no video or https link", async () => {
    const bad = await attach('ftp://videos.example.com/w1');
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toBe('The recording must be an uploaded video or an https link.');
    const stranger = await buildMedia(t, await buildTutor(t));
    const notMine = await attach(`/media/${stranger}`);
    expect(notMine.status).toBe(400);
    expect(notMine.body.responseDto.message).toBe(
      'The recording was not found among your uploads. Upload it again.',
    );

    const res = await attach('https://videos.example.com/w1');
    expect(res.status, res.text).toBe(200);
    expect(res.body.session.recording).toBe('https://videos.example.com/w1');
    setCohortClock(new Date('2027-01-13T16:50:00Z'));
    const join = await t.op('liveJoin', { body: { sessionId }, token: member.token });
    expect(join.status, join.text).toBe(200);
    expect(join.body.url).toBe('https://meet.example.com/abc-defg');
  });

  it('makes an uploaded recording a lesson of the cohort: its members get it and may play it, nobody else', async () => {
    const key = await buildMedia(t, tutor);
    const res = await attach(`/media/${key}`);
    expect(res.status, res.text).toBe(200);

    setCohortClock(new Date('2027-01-14T10:00:00Z'));
    const week = await t.op('cohortWeek', { token: member.token });
    expect(week.status, week.text).toBe(200);
    expect(week.body.recordings).toEqual([
      {
        sessionId,
        courseId: course.id,
        courseTitle: course.title,
        cohortName: 'January cohort',
        title: 'Week 1 live class',
        startsAt: '2027-01-13T17:00:00.000Z',
        url: expect.stringMatching(new RegExp(`^/media/${key}\\?exp=\\d+&v=${member.id}&sig=`)),
      },
    ]);
    const played = await fetch(`${t.url}${week.body.recordings![0]!.url}`);
    expect(played.status).toBe(200);
    expect((await played.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const list = await t.op('liveSessionList', { body: { cohortId }, token: member.token });
    expect(list.body.sessions[0]!.recording).toMatch(new RegExp(`^/media/${key}\\?exp=`));

    // Another student, even holding a link signed for them, is refused; so is the member of another cohort.
    const outsider = await buildStudent(t);
    expect((await t.op('cohortWeek', { token: outsider.token })).body.recordings).toEqual([]);
    const theirs = (await t.ctx.storage.signedUrl(key, outsider.id, 600)).replace(/^\//, `${t.url}/`);
    expect((await fetch(theirs)).status).toBe(403);
    const otherCohort = (
      await makeCohort(t, tutor, course, { name: 'February', startsAt: new Date('2027-02-12T08:00:00Z') })
    ).id;
    const elsewhere = await buildStudent(t);
    await buySeat(t, elsewhere, course.id, otherCohort);
    expect((await t.op('cohortWeek', { token: elsewhere.token })).body.recordings).toEqual([]);
    const signedElsewhere = (await t.ctx.storage.signedUrl(key, elsewhere.id, 600)).replace(
      /^\//,
      `${t.url}/`,
    );
    expect((await fetch(signedElsewhere)).status).toBe(403);
  });
});
