import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { GRADING_KINDS, SUBMISSION_STATUSES, SUBMISSION_TYPES } from '@app/contract/assignments';
import { createdAt, requiredRef, serialId, timestampTz, updatedAt } from './columns.ts';
import { accountRef, accounts, courseRef, sections } from './schema.ts';

/** A rubric's criterion with its levels; ids are unique within the assignment and kept across saves. */
export type RubricCriterion = {
  id: number;
  title: string;
  levels: { id: number; title: string; points: number }[];
};
/** The level a grader (or a peer) chose for one criterion, with its points at the time. */
export type CriterionScore = { criterionId: number; levelId: number; points: number };

/** An assignment of a section (docs/assignments.md); it follows the course's edit rules, as quizzes do. */
export const assignments = pgTable(
  'assignments',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    sectionId: requiredRef('section_id', () => sections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    instructions: text('instructions').notNull(),
    submissionType: text('submission_type', { enum: SUBMISSION_TYPES }).notNull(),
    grading: text('grading', { enum: GRADING_KINDS }).notNull(),
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull().default([]),
    /** Rubric grading: the points needed to pass. Null for pass/fail. */
    passPoints: integer('pass_points'),
    maxResubmissions: integer('max_resubmissions').notNull().default(1),
    requiredForCertificate: boolean('required_for_certificate').notNull().default(true),
    /** Due `due_days` after a cohort's start day at `due_local_time` in Lagos; null: never due. */
    dueDays: integer('due_days'),
    dueLocalTime: text('due_local_time'),
    refuseLate: boolean('refuse_late').notNull().default(false),
    peerReview: boolean('peer_review').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assignments_section_idx').on(t.sectionId, t.position),
    index('assignments_course_idx').on(t.courseId),
    check('assignments_max_resubmissions_range', sql`${t.maxResubmissions} >= 0`),
  ],
);

/**
 * One attempt of a student at an assignment: a draft until submitted, then final until a grader passes, fails or
 * returns it. `attempt_no` counts from 1 per student and assignment, so two drafts of one attempt cannot exist.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serialId(),
    assignmentId: requiredRef('assignment_id', () => assignments.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('draft'),
    text: text('text'),
    link: text('link'),
    /** A file stored under `submissions/` (checked by its bytes at upload), with the name it was sent as. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** Submitted after the student's cohort deadline (docs/cohorts.md). */
    late: boolean('late').notNull().default(false),
    submittedAt: timestampTz('submitted_at'),
    gradedById: integer('graded_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    gradedAt: timestampTz('graded_at'),
    scores: jsonb('scores').$type<CriterionScore[]>().notNull().default([]),
    score: integer('score'),
    scoreOutOf: integer('score_out_of'),
    feedback: text('feedback'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('submissions_attempt_uq').on(t.assignmentId, t.studentId, t.attemptNo),
    index('submissions_student_idx').on(t.studentId, t.assignmentId),
    index('submissions_queue_idx').on(t.status, t.submittedAt),
  ],
);

/** A peer's anonymous review of a submission, with the same rubric, before the staff grade it. */
export const peerReviews = pgTable(
  'peer_reviews',
  {
    id: serialId(),
    submissionId: requiredRef('submission_id', () => submissions.id, { onDelete: 'cascade' }),
    reviewerId: accountRef('reviewer_id', { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<CriterionScore[]>().notNull().default([]),
    score: integer('score'),
    feedback: text('feedback'),
    doneAt: timestampTz('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('peer_reviews_uq').on(t.submissionId, t.reviewerId),
    index('peer_reviews_reviewer_idx').on(t.reviewerId),
  ],
);

/** A tutor account assisting on another tutor's course: grades, answers questions, sees progress; never money. */
export const courseAssistants = pgTable(
  'course_assistants',
  {
    courseId: courseRef({ onDelete: 'cascade' }),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    invitedById: accountRef('invited_by_id', { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.accountId] }),
    index('course_assistants_account_idx').on(t.accountId),
  ],
);

/** An emailed invitation to assist on a course; only the token's SHA-256 is stored. */
export const assistantInvites = pgTable(
  'assistant_invites',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: accountRef('invited_by_id', { onDelete: 'cascade' }),
    acceptedAt: timestampTz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assistant_invites_token_uq').on(t.tokenHash),
    index('assistant_invites_course_idx').on(t.courseId),
  ],
);

/** One cohort member's later due date for an assignment (its cohort's tutor gave it; docs/assignments.md). */
export const assignmentExtensions = pgTable(
  'assignment_extensions',
  {
    assignmentId: requiredRef('assignment_id', () => assignments.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id', { onDelete: 'cascade' }),
    dueAt: timestampTz('due_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] })],
);
