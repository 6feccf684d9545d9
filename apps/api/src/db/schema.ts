import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COURSE_STATUSES } from '@app/contract/course-rules';
import { NOTIFICATION_TYPES } from '@app/contract/notifications';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  type ReferenceConfig,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestampTz, updatedAt } from './columns.ts';

/**
 * A search text's words as a tsvector of exact lexemes: split on whitespace (`[[:space:]]` is the trigger's `\s`) as
 * the search_words trigger splits it, with no parser or stemming. The expression of courses_search_tokens_idx:
 * queries repeat it to use the index.
 */
export const searchTokens = (searchText: SQL | AnyColumn) =>
  sql`array_to_tsvector(array_remove(regexp_split_to_array(${searchText}, '[[:space:]]+'), ''))`;

/** A required reference to an account, e.g. `accountRef('student_id')`. */
export const accountRef = (name: string, actions?: ReferenceConfig['actions']) =>
  requiredRef(name, () => accounts.id, actions);

/** A required course_id referencing courses. */
export const courseRef = (actions?: ReferenceConfig['actions']) =>
  requiredRef('course_id', () => courses.id, actions);

/** Students (role user), tutors (role tutor) and admins share one table; an email is unique per role. */
export const accounts = pgTable(
  'accounts',
  {
    id: serialId(),
    role: text('role', { enum: ['user', 'tutor', 'admin'] }).notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender'),
    age: integer('age'),
    category: text('category'),
    certificateUrl: text('certificate_url'),
    /** The language chosen for the app (one of `LOCALES`, docs/i18n.md); null until the person chooses. */
    language: text('language'),
    /** Bumped on password change or reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set when the person deleted their account: personal data is erased or anonymised. */
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_role_email_uq').on(t.role, t.email),
    uniqueIndex('accounts_role_user_name_uq').on(t.role, sql`lower(${t.userName})`),
  ],
);

/** An account row: who is signed in, as the auth hook and the commands see them. */
export type Account = typeof accounts.$inferSelect;

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serialId(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('bank_accounts_account_idx').on(t.accountId)],
);

/** One-time codes for password reset; only a hash of the code is kept. */
export const otps = pgTable(
  'otps',
  {
    id: serialId(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otps_email_idx').on(t.email, t.createdAt)],
);

/** Emails sent while no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: serialId(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export const courseGroups = pgTable('course_groups', {
  id: serialId(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
});

export const courseCategories = pgTable(
  'course_categories',
  {
    id: serialId(),
    groupId: requiredRef('group_id', () => courseGroups.id),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
  },
  (t) => [index('course_categories_group_idx').on(t.groupId)],
);

export const courses = pgTable(
  'courses',
  {
    id: serialId(),
    tutorId: accountRef('tutor_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Money is integer kobo (1 naira = 100 kobo). */
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    imageRef: text('image_ref').notNull(),
    videoRef: text('video_ref'),
    categoryId: requiredRef('category_id', () => courseCategories.id),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('Pending'),
    /** Title and author name, lower-cased, for trigram search. Kept up to date by the course commands. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: purchase history keeps pointing at the course. */
    deletedAt: timestampTz('deleted_at'),
    /** Visible (not hidden) reviews: their number and the sum of their stars, kept by the review commands. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The language it is taught in (a BCP-47 tag: `en`, `pcm`, `yo`, `ha`, `ig` or another). */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    // Each list's order (newest first, id breaking ties: read backwards) with the id inside the index: a page's ids
    // come from an index-only scan, so page 4,500 skips index entries, not 45,000 table rows (83 -> 10 ms on 100,000
    // courses).
    index('courses_tutor_idx').on(t.tutorId, t.createdAt, t.id),
    index('courses_public_idx')
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('courses_category_idx')
      .on(t.categoryId, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('courses_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The search text's whitespace-separated words (the same split as search_words), as lexemes: a phrase whose
    // words each appear in few dictionary words is looked up by word instead of by trigram (queries/search/).
    index('courses_search_tokens_idx').using('gin', searchTokens(t.searchText)),
    // Search reads exact titles and title prefixes from this index in the order it ranks them (C collation: the
    // prefix as a range, then the newest first among equal titles), so that it stops after the page's rows.
    // Not partial, so that the planner has statistics for the expression (partial index expressions get none).
    index('courses_title_order_idx').using(
      'btree',
      sql`(lower(${t.title}) collate "C")`,
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Distinct words of every course's search text (kept by a trigger on courses): the typo corrector's dictionary. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Live (not deleted) courses per status and category, kept by a trigger on courses: list totals without counting. */
export const courseCounts = pgTable(
  'course_counts',
  {
    status: text('status').notNull(),
    categoryId: integer('category_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.categoryId] })],
);

export const sections = pgTable(
  'sections',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('sections_course_idx').on(t.courseId, t.position)],
);

export const series = pgTable(
  'series',
  {
    id: serialId(),
    sectionId: requiredRef('section_id', () => sections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    videoRef: text('video_ref').notNull(),
    resourceRef: text('resource_ref'),
    videoFile: text('video_file'),
    /** A free preview lesson: anyone may watch it. */
    preview: boolean('preview').notNull().default(false),
  },
  (t) => [
    index('series_section_idx').on(t.sectionId, t.position),
    // The courses showing a video, when its transcode state changes (the course_cards trigger on media).
    index('series_video_ref_idx').on(t.videoRef),
  ],
);

/**
 * Each course as a guest sees it, kept ready to send (queries/course-cards.ts): the guest's course answer as JSON
 * without the fields read fresh on every request (student count, rating, owned, canWatch), and the preview links to
 * sign per request. Triggers (migration *_course_cards.sql) empty `body` and take a new `stamp` from the
 * course_card_stamps sequence whenever anything the card shows changes, in the writing transaction; a card is
 * written back only under the stamp read before its course was read, so a card is never older than its course.
 */
export const courseCards = pgTable('course_cards', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  stamp: bigint('stamp', { mode: 'number' }).notNull(),
  body: text('body'),
  links: jsonb('links').$type<CardLink[]>(),
});

/** A preview link of a course card, to sign per request (a PendingLink of the card's one course). */
export type CardLink = {
  section?: number;
  lesson?: number;
  field: 'courseVideoUrl' | 'courseVideoHlsLink' | 'videoLink' | 'resourceFile' | 'hlsLink';
  ref: string;
};

/** A built course card: the guest's course answer as JSON and its preview links to sign. */
export type Card = { body: string; links: CardLink[] };

/** Every stored upload: its storage key, what it is and who uploaded it. */
export const media = pgTable('media', {
  id: serialId(),
  key: text('key').notNull().unique(),
  kind: text('kind', { enum: ['image', 'video', 'resource'] }).notNull(),
  ownerId: accountRef('owner_id'),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  originalName: text('original_name'),
  createdAt: createdAt(),
  /** Videos: the HLS ladder made by the transcode job (jobs/transcode.ts); 'none' for uploads before it. */
  videoStatus: text('video_status', { enum: ['none', 'processing', 'ready', 'failed'] })
    .notNull()
    .default('none'),
  videoError: text('video_error'),
  /** Storage folder of the renditions: `hls/<id>` holding master.m3u8 and `<height>p/` playlists and segments. */
  hlsPrefix: text('hls_prefix'),
  durationSeconds: real('duration_seconds'),
  posterRef: text('poster_ref'),
  renditions: jsonb('renditions')
    .$type<{ height: number; bitrateKbps: number; bytes: number }[]>()
    .notNull()
    .default([]),
  /**
   * The ladder's AES-128 keys, sealed with the app's key (services/video/hls-crypto.ts); null: a ladder made
   * before encryption, which the re-encryption job (jobs/encrypt-ladder.ts) replaces.
   */
  hlsKeys: text('hls_keys'),
});

/** Where a student is in each lesson; one row per student and series. */
export const progress = pgTable(
  'progress',
  {
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    seriesId: requiredRef('series_id', () => series.id, { onDelete: 'cascade' }),
    courseId: courseRef({ onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.seriesId] }),
    index('progress_student_course_idx').on(t.studentId, t.courseId, t.updatedAt),
  ],
);

/**
 * The background job queue (queue/queue.ts): workers claim due rows with FOR UPDATE SKIP LOCKED, so several
 * instances share one queue and a job survives a restart. A claim holds a lease; a crashed worker's job is
 * taken again once its lease runs out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    lockedUntil: timestampTz('locked_until'),
    lastError: text('last_error'),
    /** The id of the request that queued the job (null when none did): its run's log lines and audit entries carry it. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
  ],
);
/** A student's rating of a course they own: one per student and course (a second one updates the first). */
export const reviews = pgTable(
  'reviews',
  {
    id: serialId(),
    courseId: courseRef(),
    studentId: accountRef('student_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** Set when an admin hides the review: it leaves the list and the average. */
    hiddenAt: timestampTz('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_course_student_uq').on(t.courseId, t.studentId),
    index('reviews_course_visible_idx')
      .on(t.courseId, t.createdAt)
      .where(sql`${t.hiddenAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Every status change of a course: who made it (null for a tutor's resubmission), why, and when. */
export const courseStatusHistory = pgTable(
  'course_status_history',
  {
    id: serialId(),
    courseId: courseRef(),
    status: text('status', { enum: COURSE_STATUSES }).notNull(),
    reason: text('reason'),
    adminId: integer('admin_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('course_status_history_course_idx').on(t.courseId, t.createdAt)],
);

/** An event for one account (course approved, bought, reviewed...), written in the transaction of its cause. */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    accountId: accountRef('account_id'),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** The message in English, as the spec's client reads it. */
    message: text('message').notNull(),
    /**
     * The message's key in the server's catalogs (src/i18n) and its values, so the app and the email write it in
     * the reader's language; null for a message written before the catalogs, shown as `message`.
     */
    messageKey: text('message_key'),
    messageValues: jsonb('message_values').$type<Record<string, string | number>>(),
    link: text('link'),
    readAt: timestampTz('read_at'),
    /**
     * Set by the email job when it takes this event's email (approved, rejected, receipt): a set value means the
     * email went out or is going out, so no second run sends it again. A failed send clears it for the retry.
     */
    emailedAt: timestampTz('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.accountId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Courses a student keeps for later. */
export const wishlist = pgTable(
  'wishlist',
  {
    studentId: accountRef('student_id'),
    courseId: courseRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] })],
);
