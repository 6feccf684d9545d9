import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestampTz, updatedAt } from './columns.ts';
import { accountRef, courseRef, sections, series } from './schema.ts';

/** The question types of a quiz (contract's QUIZ_QUESTION_TYPES). */
export const QUESTION_TYPES = ['single', 'multiple', 'truefalse', 'short'] as const;

/** An option of a quiz question: its id is unique within the question and kept across saves. */
export type QuizOption = { id: number; text: string; correct: boolean };

/** A quiz at the end of a section; it follows the course's edit rules. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    sectionId: requiredRef('section_id', () => sections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    passPercent: integer('pass_percent').notNull().default(70),
    /** 0 = unlimited. */
    maxAttempts: integer('max_attempts').notNull().default(0),
    shuffle: boolean('shuffle').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quizzes_section_idx').on(t.sectionId, t.position),
    index('quizzes_course_idx').on(t.courseId),
    check('quizzes_pass_percent_range', sql`${t.passPercent} between 0 and 100`),
    check('quizzes_max_attempts_range', sql`${t.maxAttempts} >= 0`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serialId(),
    quizId: requiredRef('quiz_id', () => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<QuizOption[]>().notNull().default([]),
    /** `short` questions: the accepted answers, compared without case or surrounding spaces. */
    accepted: jsonb('accepted').$type<string[]>().notNull().default([]),
    points: integer('points').notNull().default(1),
    explanation: text('explanation'),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/** One submitted attempt; `attempt_no` counts from 1 per student and quiz, so a limit can never be passed twice. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serialId(),
    quizId: requiredRef('quiz_id', () => quizzes.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    score: integer('score').notNull(),
    scoreOutOf: integer('score_out_of').notNull(),
    percent: real('percent').notNull(),
    passed: boolean('passed').notNull(),
    /** What was answered and whether each question was right: [{questionId, optionIds?, text?, correct}]. */
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    /** Submitted after the student's cohort deadline (docs/cohorts.md). */
    late: boolean('late').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_no_uq').on(t.quizId, t.studentId, t.attemptNo),
    index('quiz_attempts_student_idx').on(t.studentId, t.quizId),
  ],
);

/**
 * The server's own record of what a student has watched of a lesson, beside `progress` (which keeps the resume
 * position and the player's `completed` flag): the merged ranges of seconds credited from progress updates that
 * advanced no faster than twice real time, and `watched` once they cover 90 % of the lesson.
 */
export const watchCoverage = pgTable(
  'watch_coverage',
  {
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    seriesId: requiredRef('series_id', () => series.id, { onDelete: 'cascade' }),
    courseId: courseRef({ onDelete: 'cascade' }),
    /** Merged [start, end] second ranges, sorted. */
    ranges: jsonb('ranges').$type<[number, number][]>().notNull().default([]),
    lastPosition: real('last_position').notNull().default(0),
    reportedAt: timestampTz('reported_at').notNull().defaultNow(),
    watched: boolean('watched').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.seriesId] }),
    index('watch_coverage_course_idx').on(t.studentId, t.courseId),
  ],
);

/** A course certificate: issued once per student and course, recording what it certifies as it was at issue. */
export const certificates = pgTable(
  'certificates',
  {
    id: serialId(),
    code: text('code').notNull(),
    studentId: accountRef('student_id'),
    courseId: courseRef(),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    tutorName: text('tutor_name').notNull(),
    /** The cohort the student took the course in (its name at issue); null for a self-paced course. */
    cohortName: text('cohort_name'),
    hours: real('hours').notNull(),
    status: text('status', { enum: ['valid', 'revoked'] })
      .notNull()
      .default('valid'),
    revokedAt: timestampTz('revoked_at'),
    issuedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.code),
    uniqueIndex('certificates_student_course_uq').on(t.studentId, t.courseId),
  ],
);
