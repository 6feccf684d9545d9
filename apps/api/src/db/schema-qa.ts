import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts, courseRef, series } from './schema.ts';
import { cohorts } from './schema-cohorts.ts';

/** A question on a lesson (`series_id`) or on the course as a whole (null). */
export const questions = pgTable(
  'questions',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'set null' }),
    authorId: accountRef('author_id', { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    votes: integer('votes').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    acceptedAnswerId: integer('accepted_answer_id'),
    /** When the tutor first answered, for the median time to a first answer. */
    firstTutorAnswerAt: timestampTz('first_tutor_answer_at'),
    editedAt: timestampTz('edited_at'),
    /** A deleted post with answers stays as '[deleted]'; one without is removed from lists. */
    deletedAt: timestampTz('deleted_at'),
    /** Hidden by an admin: gone for everyone but admins. */
    hiddenAt: timestampTz('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('questions_course_idx').on(t.courseId, t.createdAt),
    index('questions_series_idx').on(t.seriesId),
    index('questions_unanswered_idx')
      .on(t.courseId)
      .where(sql`${t.answerCount} = 0`),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: serialId(),
    questionId: requiredRef('question_id', () => questions.id, { onDelete: 'cascade' }),
    authorId: accountRef('author_id', { onDelete: 'cascade' }),
    body: text('body').notNull(),
    votes: integer('votes').notNull().default(0),
    editedAt: timestampTz('edited_at'),
    deletedAt: timestampTz('deleted_at'),
    hiddenAt: timestampTz('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('answers_question_idx').on(t.questionId, t.createdAt)],
);

/** One vote per person per post; a second press deletes the row. */
export const postVotes = pgTable(
  'post_votes',
  {
    postKind: text('post_kind', { enum: ['question', 'answer'] }).notNull(),
    postId: integer('post_id').notNull(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postKind, t.postId, t.accountId] })],
);

/** A report of a question or answer, for the admins' moderation screen. */
export const postReports = pgTable(
  'post_reports',
  {
    id: serialId(),
    postKind: text('post_kind', { enum: ['question', 'answer'] }).notNull(),
    postId: integer('post_id').notNull(),
    reporterId: accountRef('reporter_id', { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolvedAt: timestampTz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** A tutor's message to every student of a course. */
export const announcements = pgTable(
  'announcements',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    tutorId: accountRef('tutor_id'),
    /** Sent to this cohort's members only (null: every student of the course). */
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * Q&A events waiting for a person's hourly email digest; the digest job sends what is unsent for a person at most
 * once an hour and marks it sent.
 */
export const qaDigestItems = pgTable(
  'qa_digest_items',
  {
    id: serialId(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    line: text('line').notNull(),
    link: text('link'),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('qa_digest_items_unsent_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** The last Q&A digest sent to each person, for the once-an-hour rule. */
export const qaDigestSent = pgTable('qa_digest_sent', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  sentAt: timestampTz('sent_at').notNull(),
});

/** People who turned Q&A emails off in their profile. */
export const qaEmailOptOut = pgTable('qa_email_opt_out', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  optedOutAt: createdAt(),
});
