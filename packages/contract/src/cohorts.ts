import { z } from 'zod';
import { COHORT_STATUSES, COURSE_OFFERINGS, LIVE_PROVIDERS, RELEASE_KINDS } from './cohort-rules.ts';
import { envelope, ZId, ZIdInput, ZText } from './common.ts';

// Cohorts and live classes (docs/cohorts.md). Moments travel as ISO 8601 strings; screens show them in Lagos time.

const ZDateTime = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });
const ZLocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time HH:MM' });
const ZDays = z
  .number({ error: 'days must be a number' })
  .int({ error: 'days must be a whole number' })
  .min(0, { error: 'days must be 0 or more' })
  .max(3650, { error: 'days must be at most 3650' });

/** `POST /cohort/save`: a new cohort of one of the tutor's courses, or with `id` a change of one. */
export const ZCohortSaveRequest = z
  .object({
    id: ZIdInput.optional(),
    courseId: ZIdInput,
    name: ZText('Name', 120),
    startsAt: ZDateTime,
    endsAt: ZDateTime,
    /** Defaults: enrolment opens now and closes when the cohort starts. */
    enrolOpensAt: ZDateTime.optional(),
    enrolClosesAt: ZDateTime.optional(),
    capacity: z
      .number({ error: 'capacity must be a number' })
      .int({ error: 'capacity must be a whole number' })
      .min(1, { error: 'capacity must be at least 1' })
      .max(100_000, { error: 'capacity must be at most 100000' }),
    /** The cohort's own price in naira; null or absent: the course's price. */
    nairaPrice: z
      .number({ error: 'nairaPrice must be a number' })
      .min(0)
      .max(100_000_000)
      .nullable()
      .optional(),
  })
  .refine((c) => Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    error: 'A cohort must end after it starts.',
    path: ['endsAt'],
  });

export const ZCohortDto = z.object({
  id: ZId,
  courseId: ZId,
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  enrolOpensAt: z.string(),
  enrolClosesAt: z.string(),
  capacity: z.number(),
  /** Seats taken or held by an order waiting for its money. */
  seatsTaken: z.number(),
  seatsLeft: z.number(),
  /** The cohort's own price (naira), null when it sells at the course's price. */
  nairaPrice: z.number().nullable(),
  status: z.enum(COHORT_STATUSES),
  /** "Starts 12 January 2027, 09:00 WAT · 18 of 30 seats left". */
  summary: z.string(),
});
export type TCohortDto = z.infer<typeof ZCohortDto>;

export const ZCohortResponse = envelope({ cohort: ZCohortDto });
export const ZCohortIdRequest = z.object({ cohortId: ZIdInput });
export const ZCourseCohortsRequest = z.object({ courseId: ZIdInput });
/**
 * What a cohort's timetable shows anyone (the course page): when each section opens for its members and its live
 * sessions, without links. `kind` 'start': a section without a rule, open from the start; `opensAt` is null when the
 * moment depends on the member (`enrolment_day`: `days` after their seat) or on their work (`after_previous`).
 */
export const ZCohortSchedule = z.object({
  cohortId: ZId,
  sections: z.array(
    z.object({
      sectionId: ZId,
      title: z.string(),
      kind: z.enum([...RELEASE_KINDS, 'start']),
      days: z.number(),
      opensAt: z.string().nullable(),
    }),
  ),
  sessions: z.array(
    z.object({ id: ZId, title: z.string(), startsAt: z.string(), durationMinutes: z.number() }),
  ),
});
export type TCohortSchedule = z.infer<typeof ZCohortSchedule>;

export const ZCohortListResponse = envelope({
  offering: z.enum(COURSE_OFFERINGS),
  cohorts: z.array(ZCohortDto),
  /** Each listed cohort's timetable. */
  schedules: z.array(ZCohortSchedule),
});
export type TCohortListResponse = z.infer<typeof ZCohortListResponse>;

export const ZOfferingRequest = z.object({ courseId: ZIdInput, offering: z.enum(COURSE_OFFERINGS) });

/** `POST /cohort/release/rule`: a section's rule for the course's cohorts; `rule: null` opens it from the start. */
export const ZReleaseRuleRequest = z.object({
  sectionId: ZIdInput,
  rule: z
    .object({
      kind: z.enum(RELEASE_KINDS),
      days: ZDays.default(0),
      localTime: ZLocalTime.default('00:00'),
      opensAt: ZDateTime.optional(),
    })
    .nullable(),
});

/** `POST /cohort/release/rules`: the release rules of a course's sections (its tutor); a section not listed has none. */
export const ZReleaseRuleListResponse = envelope({
  rules: z.array(
    z.object({
      sectionId: ZId,
      kind: z.enum(RELEASE_KINDS),
      days: z.number(),
      localTime: z.string(),
      /** For `date`: the moment it opens (ISO 8601). */
      opensAt: z.string().nullable(),
    }),
  ),
});

/** `POST /cohort/release/unlock`: open a section early for one member (`studentId`) or the whole cohort. */
export const ZUnlockRequest = z.object({
  cohortId: ZIdInput,
  sectionId: ZIdInput,
  studentId: ZIdInput.optional(),
});

export const ZLiveSessionSaveRequest = z.object({
  id: ZIdInput.optional(),
  cohortId: ZIdInput,
  title: ZText('Title', 160),
  startsAt: ZDateTime,
  durationMinutes: z
    .number({ error: 'durationMinutes must be a number' })
    .int()
    .min(5, { error: 'durationMinutes must be at least 5' })
    .max(600, { error: 'durationMinutes must be at most 600' }),
  provider: z.enum(LIVE_PROVIDERS, { error: 'provider must be one of jitsi, bbb, link' }),
  /** The meeting link (provider `link`): https only. */
  link: z
    .url({ protocol: /^https$/, error: 'link must be an https URL' })
    .nullable()
    .optional(),
  /**
   * After the session: the URL of an uploaded video (the answer of `/images/add`) or an https link to the recording.
   * It becomes a lesson of the cohort (docs/cohorts.md).
   */
  recording: z.string().max(2000).nullable().optional(),
});

export const ZLiveSessionDto = z.object({
  id: ZId,
  cohortId: ZId,
  title: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  provider: z.enum(LIVE_PROVIDERS),
  /** When joining opens (15 minutes before the start) and closes (the end). */
  joinOpensAt: z.string(),
  joinClosesAt: z.string(),
  /** The recording: a link, or the uploaded video's URL signed for the caller; null before one is attached. */
  recording: z.string().nullable(),
});
export const ZLiveSessionResponse = envelope({ session: ZLiveSessionDto });
export const ZLiveSessionListResponse = envelope({ sessions: z.array(ZLiveSessionDto) });
export const ZSessionIdRequest = z.object({ sessionId: ZIdInput });
/**
 * One session for its page (members and staff): with its cohort and course, and the server's clock (`now`), by
 * which the page opens its Join button (the join window is the server's).
 */
export const ZLiveSessionOneResponse = envelope({
  session: ZLiveSessionDto.extend({ cohortName: z.string(), courseId: ZId, courseTitle: z.string() }),
  now: z.string(),
});

/** What a member or a staff member gets to enter the meeting: never given to anyone else. */
export const ZLiveJoinResponse = envelope({
  provider: z.enum(LIVE_PROVIDERS),
  url: z.string(),
  /** The Jitsi JWT (also in the URL), null for the other engines. */
  token: z.string().nullable(),
  moderator: z.boolean(),
});
export const ZHeartbeatResponse = envelope({ minutesAttended: z.number() });

export const ZAttendanceRow = z.object({
  studentId: ZId,
  fullName: z.string(),
  joinedAt: z.string().nullable(),
  minutesAttended: z.number(),
  /** The tutor's mark by hand; null: not marked (joined or not says the rest). */
  markedPresent: z.boolean().nullable(),
  present: z.boolean(),
});
export const ZAttendanceResponse = envelope({ attendance: z.array(ZAttendanceRow) });
export const ZAttendanceMarkRequest = z.object({
  sessionId: ZIdInput,
  studentId: ZIdInput,
  present: z.boolean().nullable(),
});

export const ZDeadlineRequest = z.object({
  cohortId: ZIdInput,
  quizId: ZIdInput,
  /** Due this many days after the cohort's start day, at `localTime` in Lagos. */
  days: ZDays,
  localTime: ZLocalTime,
  /** Refuse attempts after the deadline; by default they are accepted and marked late. */
  refuseLate: z.boolean().default(false),
});
export const ZDeadlineResponse = envelope({ dueAt: z.string() });
/** `POST /cohort/deadlines`: a cohort's deadlines (its tutor). */
export const ZDeadlineListResponse = envelope({
  deadlines: z.array(
    z.object({
      quizId: ZId,
      days: z.number(),
      localTime: z.string(),
      dueAt: z.string(),
      refuseLate: z.boolean(),
    }),
  ),
  /** The course's assignments due in cohorts (their rule is on the assignment), with their date in this cohort. */
  assignments: z.array(
    z.object({ assignmentId: ZId, title: z.string(), dueAt: z.string(), refuseLate: z.boolean() }),
  ),
});
/** One member's later deadline: for a quiz with a deadline (`quizId`) or an assignment due in cohorts (`assignmentId`). */
export const ZDeadlineExtendRequest = z
  .object({
    cohortId: ZIdInput,
    quizId: ZIdInput.optional(),
    assignmentId: ZIdInput.optional(),
    studentId: ZIdInput,
    dueAt: ZDateTime,
  })
  .refine((v) => (v.quizId === undefined) !== (v.assignmentId === undefined), {
    error: 'Name either a quizId or an assignmentId.',
    path: ['quizId'],
  });

export const ZCohortAnnounceRequest = z.object({
  cohortId: ZIdInput,
  title: ZText('Title', 160),
  body: ZText('Message', 5000, { multiLine: true }),
});

export const ZWaitlistResponse = envelope({ waitlist: z.enum(['waiting', 'offered', 'lapsed', 'bought']) });

/** A private calendar feed URL (keep it secret; a new one replaces it, revoking stops it). */
export const ZCalendarFeedResponse = envelope({ url: z.string() });

/** The student's week across their cohorts: what opens, what is due, and the next live class. */
export const ZCohortWeekResponse = envelope({
  opening: z.array(
    z.object({
      courseId: ZId,
      courseTitle: z.string(),
      sectionId: ZId,
      sectionTitle: z.string(),
      opensAt: z.string(),
    }),
  ),
  /**
   * Quizzes and assignments due in the next 7 days, and those due in the last 7 and not handed in (`late`: work
   * handed in now is marked late, or refused when `refuseLate`); a quiz has `quizId`, an assignment `assignmentId`.
   */
  due: z.array(
    z.object({
      courseId: ZId,
      quizId: ZId.optional(),
      assignmentId: ZId.optional(),
      title: z.string(),
      dueAt: z.string(),
      late: z.boolean(),
      refuseLate: z.boolean().optional(),
    }),
  ),
  nextSession: ZLiveSessionDto.extend({ cohortName: z.string(), courseTitle: z.string() }).nullable(),
  /**
   * The recordings of their cohorts' live classes, newest first: lessons of the cohort, for its members only (the
   * server always sends it; a client written before it may leave it out of its fakes).
   */
  recordings: z
    .array(
      z.object({
        sessionId: ZId,
        courseId: ZId,
        courseTitle: z.string(),
        cohortName: z.string(),
        title: z.string(),
        /** When the live class took place. */
        startsAt: z.string(),
        /** The link, or the uploaded video's URL signed for the member. */
        url: z.string(),
      }),
    )
    .optional(),
});

export type TCohortWeekResponse = z.infer<typeof ZCohortWeekResponse>;

/** The tutor's cohort dashboard: members, progress, attendance, and who has watched nothing for 7 days. */
export const ZCohortMembersResponse = envelope({
  cohort: ZCohortDto,
  members: z.array(
    z.object({
      studentId: ZId,
      fullName: z.string(),
      email: z.string(),
      enrolledAt: z.string().nullable(),
      progressPercent: z.number(),
      lastWatchedAt: z.string().nullable(),
      /** Nothing watched for 7 days (or ever, once enrolled 7 days ago). */
      idle: z.boolean(),
      sessionsAttended: z.number(),
    }),
  ),
  sessions: z.number(),
});
