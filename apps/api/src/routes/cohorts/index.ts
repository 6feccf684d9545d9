import type { FastifyInstance, FastifyReply } from 'fastify';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { nairaToKobo } from '@app/contract/money';
import { addAnnouncement } from '../../commands/announcements.ts';
import { newFeedToken, revokeFeed, feedTokenHash } from '../../commands/calendar.ts';
import { cancelCohort, joinWaitlist, ownCohort, saveCohort, setOffering } from '../../commands/cohorts.ts';
import { extendDeadline, setDeadline } from '../../commands/deadlines.ts';
import {
  deleteSession,
  heartbeat,
  joinSession,
  markAttendance,
  ownSession,
  saveSession,
  SESSION_NOT_FOUND,
} from '../../commands/live.ts';
import { memberSections, setReleaseRule, unlockSection } from '../../commands/releases.ts';
import { forbidden, notFound, ok, unauthorized } from '../../errors.ts';
import { authenticate, currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertRunsCourse, mayJoinSession } from '../../policies/cohort.ts';
import { assignmentDueEvent, deadlineEvent, icsCalendar, sessionEvent } from '../../presenters/calendar.ts';
import { assignmentDeadlinesOfStudent, dueAssignmentsOf } from '../../queries/assignments.ts';
import { cohortDueAt, cohortNow } from '../../lib/cohort-clock.ts';
import { cohortDto, cohortSchedule, sessionDto } from '../../presenters/cohorts.ts';
import {
  attendanceSheet,
  cohortById,
  cohortsOfCourse,
  cohortsOfStudent,
  deadlinesOf,
  deadlinesOfStudent,
  feedOwner,
  isMember,
  memberProgress,
  offeringOf,
  seatsInUseOf,
  sessionById,
  sessionsOf,
  sessionsOfCohorts,
  sectionTitles,
  sectionsWithRules,
} from '../../queries/cohorts.ts';
import { courseOwner } from '../../queries/courses.ts';
import { liveProviders } from '../../services/live/index.ts';
import { MEDIA_URL_TTL_SECONDS } from '../../services/storage/signing.ts';
import { opRoute } from '../op-route.ts';
import { tag as cacheTag } from '../../cache/index.ts';

const DAY_MS = 24 * 3600_000;
const date = (s: string | undefined) => (s === undefined ? undefined : new Date(s));

/** Cohorts and live classes (docs/cohorts.md): the tutor's cohorts, rules, sessions, deadlines; members' joins. */
export default async function cohortRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const deps = { db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'cohorts';
  const staff = requireRole(deps, 'tutor', 'admin');
  const student = requireRole(deps, 'user');
  const anyone = requireRole(deps, 'user', 'tutor', 'admin');
  const providers = liveProviders(ctx.config);

  type SessionRow = Parameters<typeof sessionDto>[0];
  // A recording is a link, or an uploaded video's key whose URL is signed for the caller (a lesson of the cohort).
  const recordingUrl = (recording: string | null, viewerId: number) =>
    recording === null || recording.startsWith('https://')
      ? Promise.resolve(recording)
      : ctx.storage.signedUrl(recording, viewerId, MEDIA_URL_TTL_SECONDS);
  const presentSession = async (s: SessionRow, viewerId: number) => ({
    ...sessionDto(s),
    recording: await recordingUrl(s.recording, viewerId),
  });

  const presentCohort = async (id: number) => {
    const c = (await cohortById(db, id))!;
    const seats = await seatsInUseOf(db, [c.id]);
    return cohortDto(c, seats.get(c.id) ?? 0, cohortNow());
  };

  // The course page shows its cohorts (dates, seats left, timetable) and is kept in the answer cache under the course's
  // tag: a change to them is seen at once, as a purchase is (commands/fulfil-order.ts).
  const courseChanged = (courseId: number | undefined) =>
    courseId === undefined ? undefined : ctx.cache.invalidate([cacheTag.course(courseId)]);

  opRoute(app, 'cohortSave', { tag, auth: staff }, async (req) => {
    const b = req.body;
    const id = await saveCohort(db, currentAccount(req), {
      id: b.id,
      courseId: b.courseId,
      name: b.name,
      startsAt: new Date(b.startsAt),
      endsAt: new Date(b.endsAt),
      enrolOpensAt: date(b.enrolOpensAt),
      enrolClosesAt: date(b.enrolClosesAt),
      capacity: b.capacity,
      priceKobo: b.nairaPrice === undefined || b.nairaPrice === null ? null : nairaToKobo(b.nairaPrice),
    });
    await courseChanged((await cohortById(db, id))?.courseId);
    return { responseDto: ok('Cohort saved'), cohort: await presentCohort(id) };
  });

  opRoute(app, 'cohortCancel', { tag, auth: staff }, async (req) => {
    await cancelCohort(ctx, currentAccount(req), req.body.cohortId);
    await courseChanged((await cohortById(db, req.body.cohortId))?.courseId);
    return { responseDto: ok('Cohort cancelled. Paid seats are being refunded.') };
  });

  opRoute(
    app,
    'cohortList',
    { tag, description: "A course's cohorts with their seats left (public)." },
    async (req) => {
      const course = (await courseOwner(db, req.body.courseId)) ?? notFound('Course not found.');
      const [rows, offering] = await Promise.all([cohortsOfCourse(db, course.id), offeringOf(db, course.id)]);
      const ids = rows.map((r) => r.id);
      // Most courses have no cohort: their page (rendered on the server) asks nothing more.
      const [seats, sectionRows, sessions] = await Promise.all([
        seatsInUseOf(db, ids),
        ids.length ? sectionsWithRules(db, course.id) : [],
        sessionsOfCohorts(db, ids),
      ]);
      const now = cohortNow();
      return {
        responseDto: ok(),
        offering,
        cohorts: rows.map((r) => cohortDto(r, seats.get(r.id) ?? 0, now)),
        schedules: rows.map((r) => cohortSchedule(r, sectionRows, sessions)),
      };
    },
  );

  opRoute(app, 'cohortOffering', { tag, auth: staff }, async (req) => {
    await setOffering(db, currentAccount(req), req.body.courseId, req.body.offering);
    await courseChanged(req.body.courseId);
    return { responseDto: ok('Offering saved') };
  });

  opRoute(app, 'releaseRuleSet', { tag, auth: staff }, async (req) => {
    const { rule } = req.body;
    await setReleaseRule(
      db,
      currentAccount(req),
      req.body.sectionId,
      rule && {
        kind: rule.kind,
        days: rule.days,
        localTime: rule.localTime,
        opensAt: date(rule.opensAt) ?? null,
      },
    );
    return { responseDto: ok('Release rule saved') };
  });

  opRoute(app, 'releaseRuleList', { tag, auth: staff }, async (req) => {
    const course = (await courseOwner(db, req.body.courseId)) ?? notFound('Course not found.');
    assertRunsCourse(currentAccount(req), course);
    const rules = (await sectionsWithRules(db, course.id)).flatMap(({ id, rule }) =>
      rule ? [{ sectionId: id, ...rule, opensAt: rule.opensAt?.toISOString() ?? null }] : [],
    );
    return { responseDto: ok(), rules };
  });

  opRoute(app, 'releaseUnlock', { tag, auth: staff }, async (req) => {
    await unlockSection(db, currentAccount(req), req.body);
    return { responseDto: ok('Section unlocked') };
  });

  opRoute(app, 'liveSessionSave', { tag, auth: staff }, async (req) => {
    const b = req.body;
    const account = currentAccount(req);
    const id = await saveSession(ctx, providers, account, { ...b, startsAt: new Date(b.startsAt) });
    ctx.worker?.wake();
    const found = (await sessionById(db, id))!;
    await courseChanged(found.cohort.courseId);
    return {
      responseDto: ok('Live session saved'),
      session: await presentSession(found.session, account.id),
    };
  });

  opRoute(app, 'liveSessionDelete', { tag, auth: staff }, async (req) => {
    const found = await sessionById(db, req.body.sessionId);
    await deleteSession(db, currentAccount(req), req.body.sessionId);
    await courseChanged(found?.cohort.courseId);
    return { responseDto: ok('Live session deleted') };
  });

  opRoute(app, 'liveSessionList', { tag, auth: anyone }, async (req) => {
    const account = currentAccount(req);
    const cohort = (await cohortById(db, req.body.cohortId)) ?? notFound('Cohort not found.');
    const member = account.role === 'user' && (await isMember(db, cohort.id, account.id));
    if (!mayJoinSession({ account, course: cohort, member }))
      forbidden("Only this cohort's students and the course's staff can see its sessions.");
    const sessions = await sessionsOf(db, cohort.id);
    return {
      responseDto: ok(),
      sessions: await Promise.all(sessions.map((s) => presentSession(s, account.id))),
    };
  });

  opRoute(app, 'liveSessionOne', { tag, auth: anyone }, async (req) => {
    const account = currentAccount(req);
    const found = (await sessionById(db, req.body.sessionId)) ?? notFound(SESSION_NOT_FOUND);
    const member = account.role === 'user' && (await isMember(db, found.cohort.id, account.id));
    if (!mayJoinSession({ account, course: found, member }))
      forbidden("Only this cohort's students and the course's staff can see this session.");
    return {
      responseDto: ok(),
      session: {
        ...sessionDto(found.session),
        cohortName: found.cohort.name,
        courseId: found.cohort.courseId,
        courseTitle: found.courseTitle,
      },
      now: cohortNow().toISOString(),
    };
  });

  opRoute(
    app,
    'liveJoin',
    {
      tag,
      auth: anyone,
      description:
        "The caller's way into the session (URL, and the Jitsi token): the cohort's students and the course's staff " +
        'only, from 15 minutes before the start to the end. Anyone else is a 403 without a link or a token.',
    },
    async (req) => {
      const ticket = await joinSession(db, providers, currentAccount(req), req.body.sessionId);
      return { responseDto: ok('Joining'), ...ticket };
    },
  );

  opRoute(app, 'liveHeartbeat', { tag, auth: anyone }, async (req) => {
    const seconds = await heartbeat(db, currentAccount(req), req.body.sessionId);
    return { responseDto: ok(), minutesAttended: Math.floor(seconds / 60) };
  });

  opRoute(app, 'liveAttendance', { tag, auth: staff }, async (req) => {
    const found = await ownSession(db, currentAccount(req), req.body.sessionId);
    const rows = await attendanceSheet(db, found.session.id, found.cohort.id);
    return {
      responseDto: ok(),
      attendance: rows.map((r) => ({
        studentId: r.studentId,
        fullName: r.fullName,
        joinedAt: r.joinedAt?.toISOString() ?? null,
        minutesAttended: Math.floor(Number(r.seconds) / 60),
        markedPresent: r.markedPresent,
        present: r.markedPresent ?? r.joinedAt !== null,
      })),
    };
  });

  opRoute(app, 'liveAttendanceMark', { tag, auth: staff }, async (req) => {
    await markAttendance(db, currentAccount(req), req.body);
    return { responseDto: ok('Attendance saved') };
  });

  opRoute(app, 'deadlineSet', { tag, auth: staff }, async (req) => {
    const dueAt = await setDeadline(db, currentAccount(req), req.body);
    ctx.worker?.wake();
    return { responseDto: ok('Deadline saved'), dueAt: dueAt.toISOString() };
  });

  opRoute(app, 'deadlineList', { tag, auth: staff }, async (req) => {
    const cohort = await ownCohort(db, currentAccount(req), req.body.cohortId);
    const [rows, due] = await Promise.all([
      deadlinesOf(db, cohort.id),
      dueAssignmentsOf(db, [cohort.courseId]),
    ]);
    return {
      responseDto: ok(),
      deadlines: rows.map((d) => ({
        quizId: d.quizId,
        days: d.days,
        localTime: d.localTime,
        dueAt: d.dueAt.toISOString(),
        refuseLate: d.refuseLate,
      })),
      assignments: due.map((a) => ({
        assignmentId: a.id,
        title: a.title,
        dueAt: cohortDueAt(cohort.startsAt, a).toISOString(),
        refuseLate: a.refuseLate,
      })),
    };
  });

  opRoute(app, 'deadlineExtend', { tag, auth: staff }, async (req) => {
    await extendDeadline(db, currentAccount(req), { ...req.body, dueAt: new Date(req.body.dueAt) });
    return { responseDto: ok('Deadline extended') };
  });

  opRoute(app, 'cohortAnnounce', { tag, auth: staff }, async (req) => {
    const account = currentAccount(req);
    const cohort = await ownCohort(db, account, req.body.cohortId);
    await addAnnouncement(ctx, {
      courseId: cohort.courseId,
      cohortId: cohort.id,
      tutorId: account.id,
      title: req.body.title,
      body: req.body.body,
    });
    return { responseDto: ok('Announcement sent') };
  });

  opRoute(app, 'waitlistJoin', { tag, auth: student }, async (req) => ({
    responseDto: ok('You are on the waitlist. We will tell you when a seat is free.'),
    waitlist: await joinWaitlist(ctx, currentAccount(req), req.body.cohortId),
  }));

  opRoute(
    app,
    'cohortWeek',
    { tag, auth: student, description: "The student's next 7 days in their cohorts." },
    async (req) => {
      const account = currentAccount(req);
      const now = cohortNow();
      const weekEnd = now.getTime() + 7 * DAY_MS;
      const within = (d: Date) => d.getTime() >= now.getTime() && d.getTime() < weekEnd;
      const mine = await cohortsOfStudent(db, account.id);
      const opening: { courseId: number; courseTitle: string; sectionId: number; opensAt: Date }[] = [];
      for (const m of mine) {
        for (const [sectionId, state] of (await memberSections(db, account, m.cohort.courseId)) ?? []) {
          if (!state.open && state.opensAt && within(state.opensAt))
            opening.push({
              courseId: m.cohort.courseId,
              courseTitle: m.courseTitle,
              sectionId,
              opensAt: state.opensAt,
            });
        }
      }
      const ids = mine.map((m) => m.cohort.id);
      const byId = new Map(mine.map((m) => [m.cohort.id, m]));
      const [titles, deadlines, assignmentsDue, sessions] = await Promise.all([
        sectionTitles(
          db,
          opening.map((o) => o.sectionId),
        ),
        deadlinesOfStudent(db, account.id, ids),
        assignmentDeadlinesOfStudent(
          db,
          account.id,
          mine.map((m) => m.cohort),
        ),
        sessionsOfCohorts(db, ids),
      ]);
      const next = sessions.find((x) => x.startsAt.getTime() + x.durationMinutes * 60_000 > now.getTime());
      const recorded = sessions
        .filter((x) => x.recording !== null)
        .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
      const due = [
        ...deadlines.map((d) => ({
          courseId: byId.get(d.cohortId)!.cohort.courseId,
          quizId: d.quizId,
          title: d.title,
          dueAt: d.dueAt,
        })),
        // An assignment handed in is no longer due.
        ...assignmentsDue
          .filter((a) => !a.handedIn)
          .map((a) => ({
            courseId: a.courseId,
            assignmentId: a.id,
            title: a.title,
            dueAt: a.dueAt,
            refuseLate: a.refuseLate,
          })),
      ];
      return {
        responseDto: ok(),
        opening: opening
          .sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime())
          .map((o) => ({
            ...o,
            sectionTitle: titles.get(o.sectionId) ?? '',
            opensAt: o.opensAt.toISOString(),
          })),
        due: due
          // The week ahead, and the week behind: work still to do there is late.
          .filter((d) => d.dueAt.getTime() >= now.getTime() - 7 * DAY_MS && d.dueAt.getTime() < weekEnd)
          .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
          .map((d) => ({
            ...d,
            dueAt: d.dueAt.toISOString(),
            late: d.dueAt.getTime() < now.getTime(),
          })),
        nextSession: next
          ? {
              ...(await presentSession(next, account.id)),
              cohortName: byId.get(next.cohortId)!.cohort.name,
              courseTitle: byId.get(next.cohortId)!.courseTitle,
            }
          : null,
        recordings: await Promise.all(
          recorded.map(async (x) => ({
            sessionId: x.id,
            courseId: byId.get(x.cohortId)!.cohort.courseId,
            courseTitle: byId.get(x.cohortId)!.courseTitle,
            cohortName: byId.get(x.cohortId)!.cohort.name,
            title: x.title,
            startsAt: x.startsAt.toISOString(),
            url: (await recordingUrl(x.recording, account.id))!,
          })),
        ),
      };
    },
  );

  opRoute(app, 'cohortMembers', { tag, auth: staff }, async (req) => {
    const cohort = await ownCohort(db, currentAccount(req), req.body.cohortId);
    const [rows, sessions] = await Promise.all([
      memberProgress(db, cohort.id, cohort.courseId),
      sessionsOf(db, cohort.id),
    ]);
    const now = cohortNow();
    const idleSince = now.getTime() - 7 * DAY_MS;
    return {
      responseDto: ok(),
      cohort: await presentCohort(cohort.id),
      sessions: sessions.length,
      members: rows.map((r) => ({
        studentId: r.studentId,
        fullName: r.fullName,
        email: r.email,
        enrolledAt: r.enrolledAt?.toISOString() ?? null,
        progressPercent: r.lessons > 0 ? Math.round((100 * r.watched) / r.lessons) : 0,
        lastWatchedAt: r.lastWatchedAt?.toISOString() ?? null,
        idle: (r.lastWatchedAt ?? r.enrolledAt ?? now).getTime() <= idleSince,
        sessionsAttended: r.attended,
      })),
    };
  });

  opRoute(app, 'calendarFeedNew', { tag, auth: student }, async (req) => {
    const token = await newFeedToken(db, currentAccount(req).id);
    return {
      responseDto: ok('Calendar feed ready'),
      url: `${ctx.config.publicUrl}/dl/api/v1${PLAIN_ROUTES.calendarFeed.path.replace(':token', token)}`,
    };
  });

  opRoute(app, 'calendarFeedRevoke', { tag, auth: student }, async (req) => {
    await revokeFeed(db, currentAccount(req).id);
    return { responseDto: ok('Calendar feed revoked') };
  });

  const ics = (name: string, body: string) => ({ name, body });
  const sendIcs = (reply: FastifyReply, c: { name: string; body: string }) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${c.name}"`)
      .send(c.body);

  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.liveSessionIcs.path,
    schema: {
      tags: [tag],
      description: "A live session's .ics, for its cohort's students and the course's staff.",
    },
    handler: async (req, reply) => {
      const account = await authenticate(req, db, ctx.config.jwtSecret);
      if (!account) return unauthorized();
      const id = Number(req.params.id);
      const found = Number.isSafeInteger(id) && id > 0 ? await sessionById(db, id) : undefined;
      if (!found) return notFound(SESSION_NOT_FOUND);
      const member = account.role === 'user' && (await isMember(db, found.cohort.id, account.id));
      if (!mayJoinSession({ account, course: found, member }))
        return forbidden("Only this cohort's students and the course's staff can see this session.");
      const event = sessionEvent(found.session, found.cohort, ctx.config.publicUrl);
      return sendIcs(reply, ics(`session-${id}.ics`, icsCalendar(found.session.title, [event])));
    },
  });

  app.route<{ Params: { token: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.calendarFeed.path,
    schema: {
      tags: [tag],
      description: "A student's private feed of their cohorts' sessions and deadlines; 404 once revoked.",
    },
    handler: async (req, reply) => {
      const owner = await feedOwner(db, feedTokenHash(req.params.token));
      if (!owner) return notFound('This calendar feed does not exist or was revoked.');
      const mine = await cohortsOfStudent(db, owner);
      const ids = mine.map((m) => m.cohort.id);
      const byId = new Map(mine.map((m) => [m.cohort.id, m.cohort]));
      const [sessions, deadlines, assignmentsDue] = await Promise.all([
        sessionsOfCohorts(db, ids),
        deadlinesOfStudent(db, owner, ids),
        assignmentDeadlinesOfStudent(
          db,
          owner,
          mine.map((m) => m.cohort),
        ),
      ]);
      const events = [
        ...sessions.map((s) => sessionEvent(s, byId.get(s.cohortId)!, ctx.config.publicUrl)),
        ...deadlines.map((d) => deadlineEvent(d, ctx.config.publicUrl, byId.get(d.cohortId)!.courseId)),
        ...assignmentsDue.map((a) => assignmentDueEvent(a, ctx.config.publicUrl)),
      ];
      return sendIcs(reply, ics('devlearn.ics', icsCalendar('DevLearn classes', events)));
    },
  });
}
