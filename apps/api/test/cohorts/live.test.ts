import ICAL from 'ical.js';
import { jwtVerify } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { setCohortClock } from '../../src/lib/cohort-clock.ts';
import { bbbChecksum, bbbCreateUrl, bbbProvider } from '../../src/services/live/bbb.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { buySeat, makeCohort } from './helpers.ts';

const SECRET = 'a-jitsi-secret-of-at-least-32-chars!';
const START = new Date('2027-01-12T17:00:00Z');
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe('BigBlueButton checksums', () => {
  it("matches the API documentation's example", () => {
    // docs.bigbluebutton.org, API reference, "Usage": the create call's query and shared secret.
    const query = 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444';
    expect(bbbChecksum('create', query, '639259d4-9dd8-4b25-bf01-95f9567eaf4b')).toBe(
      '1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17',
    );
  });

  it('signs the create and join URLs it builds, the tutor joining with the moderator password', async () => {
    const config = {
      url: 'https://bbb.example.ng/bigbluebutton',
      secret: '639259d4-9dd8-4b25-bf01-95f9567eaf4b',
    };
    const room = {
      id: 1,
      title: 'Test Meeting',
      room: 'abc123',
      startsAt: START,
      durationMinutes: 60,
      link: null,
      moderatorPassword: '333444',
      attendeePassword: '111222',
    };
    const create = new URL(bbbCreateUrl(config, room));
    expect(create.pathname).toBe('/bigbluebutton/api/create');
    const query = create.search.slice(1).replace(/&checksum=[0-9a-f]+$/, '');
    expect(create.searchParams.get('checksum')).toBe(bbbChecksum('create', query, config.secret));
    expect(query.startsWith('name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444')).toBe(
      true,
    );
    const calls: string[] = [];
    const provider = bbbProvider(config, async (url) => {
      calls.push(String(url));
      return new Response('<response><returncode>SUCCESS</returncode></response>');
    });
    const tutor = await provider.join(room, { id: 7, name: 'Ada Tutor', email: 'a@x.ng', moderator: true });
    const join = new URL(tutor.url);
    expect(join.pathname).toBe('/bigbluebutton/api/join');
    expect(join.searchParams.get('password')).toBe('333444');
    const joinQuery = join.search.slice(1).replace(/&checksum=[0-9a-f]+$/, '');
    expect(join.searchParams.get('checksum')).toBe(bbbChecksum('join', joinQuery, config.secret));
    const student = await provider.join(room, { id: 8, name: 'Bola', email: 'b@x.ng', moderator: false });
    expect(new URL(student.url).searchParams.get('password')).toBe('111222');
    expect(calls[0]).toBe(bbbCreateUrl(config, room));
  });
});

describe('live sessions', () => {
  const t = useTestApp({
    env: { JITSI_URL: 'https://meet.devlearn.ng', JITSI_APP_ID: 'devlearn', JITSI_APP_SECRET: SECRET },
  });
  let tutor: TestAccount;
  let member: TestAccount;
  let course: TestCourse;
  let cohortId: number;
  let jitsiId: number;
  let linkId: number;

  afterEach(() => setCohortClock(null));

  beforeAll(async () => {
    setCohortClock(new Date('2027-01-05T10:00:00Z'));
    tutor = await buildTutor(t, { fullName: 'Ada Tutor' });
    course = await buildApprovedCourse(t, tutor);
    cohortId = (await makeCohort(t, tutor, course, { startsAt: new Date('2027-01-12T08:00:00Z') })).id;
    member = await buildStudent(t, { fullName: 'Bola Member' });
    await buySeat(t, member, course.id, cohortId);
    const save = (body: Record<string, unknown>) =>
      t.op('liveSessionSave', {
        body: { cohortId, startsAt: START.toISOString(), durationMinutes: 90, ...body } as never,
        token: tutor.token,
      });
    const jitsi = await save({ title: 'Week 1: kick-off, Q&A', provider: 'jitsi' });
    expect(jitsi.status, jitsi.text).toBe(200);
    jitsiId = jitsi.body.session.id;
    const link = await save({
      title: 'Office hours',
      provider: 'link',
      link: 'https://meet.example.com/abc-defg',
    });
    expect(link.status, link.text).toBe(200);
    linkId = link.body.session.id;
    const bbb = await save({ title: 'No engine', provider: 'bbb' });
    expect(bbb.status).toBe(400);
    expect(bbb.body.responseDto.message).toBe('This server does not offer bbb sessions.');
    // Set-up through the API: slow on a loaded machine.
  }, 180_000);

  const join = (who: TestAccount, sessionId: number) =>
    t.op('liveJoin', { body: { sessionId }, token: who.token });

  it('lets only members and the course staff join, from 15 minutes before the start to the end', async () => {
    const outsider = await buildStudent(t);
    const buyer = await buildStudent(t);
    await buildEnrolment(t, buyer, course); // self-paced: not in the cohort
    const otherTutor = await buildTutor(t);
    setCohortClock(minutes(-14));
    for (const who of [outsider, buyer, otherTutor]) {
      const res = await join(who, linkId);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('meet.example.com');
      expect(res.text).not.toContain('jwt');
    }
    const list = await t.op('liveSessionList', { body: { cohortId }, token: outsider.token });
    expect(list.status).toBe(403);
    // The session's page: the member and staff get it with the server's clock; no one else, and never its link.
    const page = await t.op('liveSessionOne', { body: { sessionId: linkId }, token: member.token });
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      session: { title: 'Office hours', courseId: course.id, cohortName: 'January cohort', provider: 'link' },
      now: minutes(-14).toISOString(),
    });
    expect(page.text).not.toContain('meet.example.com');
    for (const who of [outsider, buyer]) {
      const refused = await t.op('liveSessionOne', { body: { sessionId: linkId }, token: who.token });
      expect(refused.status).toBe(403);
      expect(refused.body.responseDto.message).toBe(
        "Only this cohort's students and the course's staff can see this session.",
      );
    }
    const res = await join(member, linkId);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'link',
      url: 'https://meet.example.com/abc-defg',
      token: null,
    });
    expect((await join(tutor, linkId)).body.moderator).toBe(true);
    expect((await join(await buildAdmin(t), linkId)).status).toBe(200);
    setCohortClock(minutes(-16));
    const early = await join(member, linkId);
    expect(early.status).toBe(400);
    expect(early.body.responseDto.message).toBe('You can join from 15 minutes before the session starts.');
    setCohortClock(minutes(90));
    const late = await join(member, linkId);
    expect(late.status).toBe(400);
    expect(late.body.responseDto.message).toBe('This session has ended.');
  });

  it('signs a Jitsi token per person with the documented claims, the tutor as moderator', async () => {
    setCohortClock(minutes(0));
    const key = new TextEncoder().encode(SECRET);
    const res = await join(member, jitsiId);
    expect(res.status, res.text).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(res.body.token!, key, {
      issuer: 'devlearn',
      audience: 'jitsi',
      currentDate: START,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.sub).toBe('meet.devlearn.ng');
    expect(payload.room).toMatch(/^devlearn-\d+-[0-9a-f]{24}$/);
    expect(payload.nbf).toBe(START.getTime() / 1000 - 15 * 60 - 60);
    expect(payload.exp).toBe(START.getTime() / 1000 + 90 * 60 + 60);
    expect(payload.context).toEqual({
      user: { id: String(member.id), name: 'Bola Member', email: member.email, moderator: false },
    });
    expect(res.body.url).toBe(`https://meet.devlearn.ng/${payload.room as string}?jwt=${res.body.token}`);
    const mod = await join(tutor, jitsiId);
    const { payload: tutorClaims } = await jwtVerify(mod.body.token!, key, { currentDate: START });
    expect((tutorClaims.context as { user: { moderator: boolean } }).user.moderator).toBe(true);
    expect(tutorClaims.room).toBe(payload.room);
    // Outside the session the token is not valid.
    await expect(jwtVerify(res.body.token!, key, { currentDate: minutes(120) })).rejects.toThrow();
    await expect(jwtVerify(res.body.token!, new TextEncoder().encode('x'.repeat(32)))).rejects.toThrow();
  });

  it('records joins and heartbeats as minutes attended, and the tutor can mark by hand', async () => {
    const late = await buildStudent(t, { fullName: 'Chi Late' });
    setCohortClock(new Date('2027-01-05T11:00:00Z'));
    await buySeat(t, late, course.id, cohortId);
    const absent = await buildStudent(t, { fullName: 'Dayo Absent' });
    await buySeat(t, absent, course.id, cohortId);
    const beat = (who: TestAccount) =>
      t.op('liveHeartbeat', { body: { sessionId: linkId }, token: who.token });
    setCohortClock(minutes(-5));
    expect((await beat(late)).status).toBe(400); // never joined
    await join(late, linkId);
    // Every 30 s for 20 minutes from the start (the 5 minutes before the start do not count).
    for (let s = 0; s <= 20 * 60; s += 30) {
      setCohortClock(new Date(START.getTime() + s * 1000));
      await beat(late);
    }
    setCohortClock(minutes(21));
    const sheet = await t.op('liveAttendance', { body: { sessionId: linkId }, token: tutor.token });
    expect(sheet.status, sheet.text).toBe(200);
    const row = (name: string) => sheet.body.attendance.find((r) => r.fullName === name)!;
    expect(row('Chi Late')).toMatchObject({ minutesAttended: 20, present: true, markedPresent: null });
    expect(row('Dayo Absent')).toMatchObject({ minutesAttended: 0, present: false, joinedAt: null });
    const mark = await t.op('liveAttendanceMark', {
      body: { sessionId: linkId, studentId: absent.id, present: true },
      token: tutor.token,
    });
    expect(mark.status, mark.text).toBe(200);
    const after = await t.op('liveAttendance', { body: { sessionId: linkId }, token: tutor.token });
    expect(after.body.attendance.find((r) => r.fullName === 'Dayo Absent')).toMatchObject({
      present: true,
      markedPresent: true,
    });
    expect((await t.op('liveAttendance', { body: { sessionId: linkId }, token: member.token })).status).toBe(
      403,
    );
  });

  it('gives each session an .ics and each student a private feed they can revoke, read by a calendar library', async () => {
    const ics = await fetch(`${t.url}${API_BASE}/live/session/${jitsiId}.ics`, {
      headers: { apiKey: member.token },
    });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    const one = new ICAL.Component(ICAL.parse(await ics.text()));
    const [event] = one.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event!.summary).toBe('Week 1: kick-off, Q&A');
    expect(event!.startDate.toJSDate().toISOString()).toBe(START.toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(minutes(90).toISOString());
    const stranger = await buildStudent(t);
    expect(
      (
        await fetch(`${t.url}${API_BASE}/live/session/${jitsiId}.ics`, {
          headers: { apiKey: stranger.token },
        })
      ).status,
    ).toBe(403);

    const feed = await t.op('calendarFeedNew', { token: member.token });
    expect(feed.status, feed.text).toBe(200);
    const url = feed.body.url.replace(t.config.publicUrl, t.url);
    const body = await (await fetch(url)).text();
    const cal = new ICAL.Component(ICAL.parse(body));
    const titles = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    expect(titles).toEqual(expect.arrayContaining(['Week 1: kick-off, Q&A', 'Office hours']));
    expect(body).not.toContain('meet.example.com');
    const revoked = await t.op('calendarFeedRevoke', { token: member.token });
    expect(revoked.status).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });
});
