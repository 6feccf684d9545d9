import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COURSE_OFFERINGS, LIVE_PROVIDERS, RELEASE_KINDS } from '@app/contract/cohort-rules';
import { createdAt, requiredRef, serialId, timestampTz, updatedAt } from './columns.ts';
import { accountRef, accounts, courseRef, courses, sections } from './schema.ts';
import { orders } from './schema-money.ts';
import { quizzes } from './schema-learning.ts';

// Cohorts and live classes (docs/cohorts.md): runs of a course with dates and seats, the sections' release rules,
// deadlines, live sessions with attendance, reminders sent, and students' calendar feeds.

/** How a course is sold (a course without a row is self-paced only). */
export const courseOfferings = pgTable('course_offerings', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  offering: text('offering', { enum: COURSE_OFFERINGS }).notNull(),
});

/**
 * A run of a course: dates, an enrolment window, a capacity and an optional price of its own. Its status follows
 * from the dates (scheduled, running, finished) unless `cancelledAt` is set.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    enrolOpensAt: timestampTz('enrol_opens_at').notNull(),
    enrolClosesAt: timestampTz('enrol_closes_at').notNull(),
    capacity: integer('capacity').notNull(),
    /** Null: the course's price (sales and coupons apply to either). */
    priceKobo: bigint('price_kobo', { mode: 'number' }),
    cancelledAt: timestampTz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cohorts_course_idx').on(t.courseId, t.startsAt),
    check('cohorts_capacity_ck', sql`${t.capacity} > 0`),
    check('cohorts_dates_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A seat of a cohort, tied to the order that buys it. `held` while that order is pending and before `heldUntil`
 * (its expiry), `taken` once paid (the member's enrolment day is `takenAt`), `released` after a refund. Seats in
 * use are counted under the cohort row's lock, so the capacity is never passed.
 */
export const cohortSeats = pgTable(
  'cohort_seats',
  {
    id: serialId(),
    cohortId: requiredRef('cohort_id', () => cohorts.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    orderId: requiredRef('order_id', () => orders.id),
    status: text('status', { enum: ['held', 'taken', 'released'] })
      .notNull()
      .default('held'),
    heldUntil: timestampTz('held_until').notNull(),
    takenAt: timestampTz('taken_at'),
    releasedAt: timestampTz('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cohort_seats_cohort_idx').on(t.cohortId, t.status),
    index('cohort_seats_order_idx').on(t.orderId),
    uniqueIndex('cohort_seats_member_uq')
      .on(t.cohortId, t.studentId)
      .where(sql`${t.status} = 'taken'`),
    index('cohort_seats_student_idx').on(t.studentId, t.status),
  ],
);

/**
 * The waitlist of a full cohort, first come first served. A freed seat is `offered` to the first `waiting` person
 * until `offerExpiresAt`; an offer not taken `lapsed`, a bought one is `bought`.
 */
export const cohortWaitlist = pgTable(
  'cohort_waitlist',
  {
    id: serialId(),
    cohortId: requiredRef('cohort_id', () => cohorts.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    status: text('status', { enum: ['waiting', 'offered', 'lapsed', 'bought'] })
      .notNull()
      .default('waiting'),
    offeredAt: timestampTz('offered_at'),
    offerExpiresAt: timestampTz('offer_expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cohort_waitlist_uq').on(t.cohortId, t.studentId),
    index('cohort_waitlist_queue_idx').on(t.cohortId, t.status, t.id),
  ],
);

/** A section's release rule for the course's cohorts (a section without one is open from the start). */
export const sectionReleaseRules = pgTable('section_release_rules', {
  sectionId: integer('section_id')
    .primaryKey()
    .references(() => sections.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: RELEASE_KINDS }).notNull(),
  days: integer('days').notNull().default(0),
  /** `HH:MM` in Africa/Lagos, for `cohort_day`. */
  localTime: text('local_time').notNull().default('00:00'),
  /** For `date`. */
  opensAt: timestampTz('opens_at'),
  updatedAt: updatedAt(),
});

/**
 * A section released to a member: written the first time it is open for them (by its rule, or unlocked early), and
 * never removed, so a released lesson never locks again whatever the rule becomes.
 */
export const sectionReleases = pgTable(
  'section_releases',
  {
    cohortId: requiredRef('cohort_id', () => cohorts.id, { onDelete: 'cascade' }),
    sectionId: requiredRef('section_id', () => sections.id, { onDelete: 'cascade' }),
    /** 0: unlocked early for every member of the cohort. */
    studentId: integer('student_id').notNull(),
    releasedAt: timestampTz('released_at').notNull(),
    /** `rule` or `early` (the tutor's unlock). */
    reason: text('reason', { enum: ['rule', 'early'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.sectionId, t.studentId] })],
);

/** A quiz's deadline in a cohort: N days after the cohort's start day at a local time; late work refused or marked. */
export const cohortDeadlines = pgTable(
  'cohort_deadlines',
  {
    id: serialId(),
    cohortId: requiredRef('cohort_id', () => cohorts.id, { onDelete: 'cascade' }),
    quizId: requiredRef('quiz_id', () => quizzes.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    localTime: text('local_time').notNull(),
    dueAt: timestampTz('due_at').notNull(),
    refuseLate: boolean('refuse_late').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cohort_deadlines_uq').on(t.cohortId, t.quizId),
    index('cohort_deadlines_due_idx').on(t.dueAt),
  ],
);

/** One student's later deadline for a quiz of their cohort. */
export const deadlineExtensions = pgTable(
  'deadline_extensions',
  {
    deadlineId: requiredRef('deadline_id', () => cohortDeadlines.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    dueAt: timestampTz('due_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deadlineId, t.studentId] })],
);

/** A live class of a cohort, on one of the meeting engines. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serialId(),
    cohortId: requiredRef('cohort_id', () => cohorts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    provider: text('provider', { enum: LIVE_PROVIDERS }).notNull(),
    /** The room's name (Jitsi) or meeting id (BigBlueButton): random, never guessable. */
    room: text('room').notNull(),
    /** The tutor's pasted meeting link (provider `link`). */
    link: text('link'),
    /** BigBlueButton's passwords of the meeting's two roles (random per session). */
    moderatorPassword: text('moderator_password').notNull(),
    attendeePassword: text('attendee_password').notNull(),
    /** An uploaded video's key or a link, attached after the session. */
    recording: text('recording'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_cohort_idx').on(t.cohortId, t.startsAt),
    index('live_sessions_start_idx').on(t.startsAt),
    check('live_sessions_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
  ],
);

/**
 * Who came to a live session: the first join, the last heartbeat, the seconds counted between heartbeats, and the
 * tutor's mark by hand (null: not marked).
 */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    sessionId: requiredRef('session_id', () => liveSessions.id, { onDelete: 'cascade' }),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    joinedAt: timestampTz('joined_at'),
    lastBeatAt: timestampTz('last_beat_at'),
    seconds: integer('seconds').notNull().default(0),
    markedPresent: boolean('marked_present'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.accountId] })],
);

/** A reminder given to one person for one event (`session:12:24h`): the key makes it at most once. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    event: text('event').notNull(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.event, t.accountId] })],
);

/** A student's private calendar feed: the SHA-256 of its token (revoking deletes the row). */
export const calendarFeeds = pgTable('calendar_feeds', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
