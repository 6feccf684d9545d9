import { z } from 'zod';
import {
  envelope,
  numberInput,
  ZId,
  ZIdInput,
  ZOptionalText,
  ZPageRequest,
  ZPlainText,
  ZText,
} from './common.ts';

// Graded work (docs/assignments.md): assignments per section, submissions and their attempts, grading against a
// rubric or pass/fail, teaching assistants and the gradebook.

export const SUBMISSION_TYPES = ['text', 'file', 'link'] as const;
export const ZSubmissionType = z.enum(SUBMISSION_TYPES, {
  error: `submissionType must be one of: ${SUBMISSION_TYPES.join(', ')}`,
});
export type TSubmissionType = z.infer<typeof ZSubmissionType>;

export const GRADING_KINDS = ['rubric', 'passfail'] as const;
export const ZGradingKind = z.enum(GRADING_KINDS, { error: 'grading must be rubric or passfail' });
export type TGradingKind = z.infer<typeof ZGradingKind>;

/** draft (being written) → submitted (final until graded) → passed | failed | returned (a new attempt may start). */
export const SUBMISSION_STATUSES = ['draft', 'submitted', 'passed', 'failed', 'returned'] as const;
export const ZSubmissionStatus = z.enum(SUBMISSION_STATUSES, {
  error: `status must be one of: ${SUBMISSION_STATUSES.join(', ')}`,
});
export type TSubmissionStatus = z.infer<typeof ZSubmissionStatus>;

export const GRADE_OUTCOMES = ['pass', 'fail', 'return'] as const;
export const ZGradeOutcome = z.enum(GRADE_OUTCOMES, { error: 'outcome must be pass, fail or return' });
export type TGradeOutcome = z.infer<typeof ZGradeOutcome>;

export const ASSIGNMENT_MAX_CRITERIA = 20;
export const ASSIGNMENT_MAX_LEVELS = 10;
/** The longest text answer and feedback. */
export const SUBMISSION_TEXT_MAX = 20_000;
export const FEEDBACK_MAX = 5_000;
/** How many peers review each submission when the tutor turns peer review on. */
export const PEER_REVIEWERS = 2;

const whole = (field: string, min: number, max: number) =>
  numberInput(
    z
      .number()
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
  );

// ---- what the tutor saves ----------------------------------------------------------
export const ZRubricLevelInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Level title', 200),
  points: whole('points', 0, 1000),
});
export const ZRubricCriterionInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Criterion title', 300),
  levels: z
    .array(ZRubricLevelInput)
    .min(1, { error: 'A criterion needs at least one level' })
    .max(ASSIGNMENT_MAX_LEVELS, { error: `A criterion has at most ${ASSIGNMENT_MAX_LEVELS} levels` }),
});
export type TRubricCriterionInput = z.input<typeof ZRubricCriterionInput>;

export const ZAssignmentInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Assignment title', 200),
  /** Plain text; links in it are shown as links, nothing else is markup. */
  instructions: ZText('Instructions', 10_000, { multiLine: true }),
  submissionType: ZSubmissionType,
  grading: ZGradingKind,
  rubric: z
    .array(ZRubricCriterionInput)
    .max(ASSIGNMENT_MAX_CRITERIA, { error: `A rubric has at most ${ASSIGNMENT_MAX_CRITERIA} criteria` })
    .default([]),
  /** The points a rubric-graded submission needs to pass; null for pass/fail grading. */
  passPoints: whole('passPoints', 0, 100_000).nullish(),
  /** How many times the student may submit again after a return (0: none). */
  maxResubmissions: whole('maxResubmissions', 0, 20).default(1),
  requiredForCertificate: z.boolean({ error: 'requiredForCertificate must be true or false' }).default(true),
  /** Due N days after a cohort's start day at `dueLocalTime` in Lagos (docs/cohorts.md); null: no due date. */
  dueDays: whole('dueDays', 0, 3650).nullish(),
  dueLocalTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):([0-5]\d)$/, { error: 'dueLocalTime must be HH:MM' })
    .nullish(),
  refuseLate: z.boolean({ error: 'refuseLate must be true or false' }).default(false),
  peerReview: z.boolean({ error: 'peerReview must be true or false' }).default(false),
});
export type TAssignmentInput = z.input<typeof ZAssignmentInput>;

/** `POST /assignment/save`: the owning tutor, under the course's edit rules (as quizzes). */
export const ZAssignmentSaveRequest = z.object({
  courseId: ZIdInput,
  sectionId: ZIdInput,
  assignment: ZAssignmentInput,
});
export type TAssignmentSaveRequest = z.input<typeof ZAssignmentSaveRequest>;
export const ZAssignmentIdRequest = z.object({ assignmentId: ZIdInput });
export const ZCourseAssignmentsRequest = z.object({ courseId: ZIdInput });

// ---- what is answered ----------------------------------------------------------------
export const ZRubricCriterionDto = z.object({
  id: ZId,
  title: z.string(),
  levels: z.array(z.object({ id: ZId, title: z.string(), points: z.number() })),
});
export type TRubricCriterionDto = z.infer<typeof ZRubricCriterionDto>;

export const ZAssignmentDto = z.object({
  id: ZId,
  courseId: ZId,
  sectionId: ZId,
  title: z.string(),
  instructions: z.string(),
  submissionType: ZSubmissionType,
  grading: ZGradingKind,
  rubric: z.array(ZRubricCriterionDto),
  passPoints: z.number().nullable(),
  /** The rubric's highest total (the best level of each criterion); 0 for pass/fail. */
  maxPoints: z.number(),
  maxResubmissions: z.number(),
  requiredForCertificate: z.boolean(),
  dueDays: z.number().nullable(),
  dueLocalTime: z.string().nullable(),
  refuseLate: z.boolean(),
  peerReview: z.boolean(),
});
export type TAssignmentDto = z.infer<typeof ZAssignmentDto>;

export const ZCriterionScore = z.object({ criterionId: ZId, levelId: ZId, points: z.number() });
export type TCriterionScore = z.infer<typeof ZCriterionScore>;

export const ZSubmissionDto = z.object({
  id: ZId,
  assignmentId: ZId,
  attemptNo: z.number(),
  status: ZSubmissionStatus,
  text: z.string().nullable(),
  link: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  /** A signed link to the file, for the submitter, the course's staff and its peer reviewers only. */
  fileUrl: z.string().nullable(),
  late: z.boolean(),
  submittedAt: z.string().nullable(),
  savedAt: z.string(),
  /** After grading: the score per criterion, the total, the feedback and who graded it (staff see the name). */
  scores: z.array(ZCriterionScore),
  score: z.number().nullable(),
  scoreOutOf: z.number().nullable(),
  feedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
  gradedBy: z.string().nullable(),
});
export type TSubmissionDto = z.infer<typeof ZSubmissionDto>;

/** A student's standing on an assignment (the player's outline and the assignment page). */
export const ZAssignmentStanding = z.object({
  /** The latest attempt's status; null before any draft. */
  status: ZSubmissionStatus.nullable(),
  passed: z.boolean(),
  attemptsUsed: z.number(),
  /** Submissions still allowed after the current one is returned (null for staff). */
  resubmissionsLeft: z.number().nullable(),
  /** The student's due date (their cohort's), null when none. */
  dueAt: z.string().nullable(),
});
export type TAssignmentStanding = z.infer<typeof ZAssignmentStanding>;

export const ZAssignmentResponse = envelope({
  assignment: ZAssignmentDto,
  standing: ZAssignmentStanding,
  /** The caller's own attempts, newest first (a student's; empty for staff). */
  attempts: z.array(ZSubmissionDto),
});
export type TAssignmentResponse = z.infer<typeof ZAssignmentResponse>;

export const ZAssignmentListResponse = envelope({
  assignments: z.array(ZAssignmentDto.extend({ sectionTitle: z.string(), standing: ZAssignmentStanding })),
});
export type TAssignmentListResponse = z.infer<typeof ZAssignmentListResponse>;

// ---- submitting ------------------------------------------------------------------------
/** `POST /assignment/draft`: saved as the student types; checked only when submitted. */
export const ZDraftRequest = z.object({
  assignmentId: ZIdInput,
  text: ZPlainText({ multiLine: true })
    .max(SUBMISSION_TEXT_MAX, { error: `text must be at most ${SUBMISSION_TEXT_MAX} characters` })
    .optional(),
  link: ZPlainText().max(2000, { error: 'link must be at most 2000 characters' }).optional(),
});
export type TDraftRequest = z.input<typeof ZDraftRequest>;
export const ZSubmissionResponse = envelope({ submission: ZSubmissionDto });
export type TSubmissionResponse = z.infer<typeof ZSubmissionResponse>;
export const ZSubmissionIdRequest = z.object({ submissionId: ZIdInput });

// ---- grading -----------------------------------------------------------------------------
export const ZGradingQueueRequest = ZPageRequest.extend({
  courseId: ZIdInput.optional(),
  cohortId: ZIdInput.optional(),
  assignmentId: ZIdInput.optional(),
  /** Default: submitted (waiting for a grade). */
  status: ZSubmissionStatus.optional(),
});
export type TGradingQueueRequest = z.input<typeof ZGradingQueueRequest>;
export const ZQueueItem = z.object({
  submissionId: ZId,
  assignmentId: ZId,
  assignmentTitle: z.string(),
  courseId: ZId,
  courseTitle: z.string(),
  studentName: z.string(),
  attemptNo: z.number(),
  status: ZSubmissionStatus,
  late: z.boolean(),
  submittedAt: z.string().nullable(),
  /** Peer reviews done of those assigned. */
  peerReviewsDone: z.number(),
});
export type TQueueItem = z.infer<typeof ZQueueItem>;
export const ZGradingQueueResponse = envelope({ items: z.array(ZQueueItem), totalData: z.number() });
export type TGradingQueueResponse = z.infer<typeof ZGradingQueueResponse>;

export const ZPeerScoreDto = z.object({
  /** "Reviewer 1", "Reviewer 2": peers stay anonymous. */
  reviewer: z.string(),
  scores: z.array(ZCriterionScore),
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  done: z.boolean(),
});
/** `POST /submission/get`: one submission for its grader (or its student), with the assignment's rubric. */
export const ZSubmissionDetailResponse = envelope({
  submission: ZSubmissionDto,
  assignment: ZAssignmentDto,
  studentName: z.string(),
  /** The student's earlier attempts, newest first. */
  history: z.array(ZSubmissionDto),
  peerReviews: z.array(ZPeerScoreDto),
});
export type TSubmissionDetailResponse = z.infer<typeof ZSubmissionDetailResponse>;

export const ZScoreInput = z.object({ criterionId: ZIdInput, levelId: ZIdInput });
export const ZGradeRequest = z.object({
  submissionId: ZIdInput,
  outcome: ZGradeOutcome,
  /** One level per criterion of a rubric (none for pass/fail). */
  scores: z.array(ZScoreInput).max(ASSIGNMENT_MAX_CRITERIA).default([]),
  feedback: ZOptionalText('Feedback', FEEDBACK_MAX, { multiLine: true }),
});
export type TGradeRequest = z.input<typeof ZGradeRequest>;
export const ZGradeResponse = envelope({
  submission: ZSubmissionDto,
  /** Set when this pass completed the course and issued its certificate. */
  certificateCode: z.string().nullable(),
});
export type TGradeResponse = z.infer<typeof ZGradeResponse>;

// ---- peer review ---------------------------------------------------------------------------
export const ZPeerTaskDto = z.object({
  reviewId: ZId,
  assignment: ZAssignmentDto,
  submission: ZSubmissionDto.omit({ gradedBy: true }),
  done: z.boolean(),
});
export const ZPeerTasksResponse = envelope({ reviews: z.array(ZPeerTaskDto) });
export type TPeerTasksResponse = z.infer<typeof ZPeerTasksResponse>;
export const ZPeerReviewRequest = z.object({
  reviewId: ZIdInput,
  scores: z.array(ZScoreInput).max(ASSIGNMENT_MAX_CRITERIA).default([]),
  feedback: ZOptionalText('Feedback', FEEDBACK_MAX, { multiLine: true }),
});

// ---- teaching assistants -------------------------------------------------------------------
export const ZAssistantInviteRequest = z.object({
  courseId: ZIdInput,
  email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase(),
});
/** `added`: the email was a tutor account's, added at once; otherwise an invitation to sign up was emailed. */
export const ZAssistantInviteResponse = envelope({ added: z.boolean() });
export const ZAssistantAcceptRequest = z.object({ token: ZText('token', 200) });
export const ZAssistantAcceptResponse = envelope({ courseId: ZId, courseTitle: z.string() });
export const ZAssistantRemoveRequest = z.object({ courseId: ZIdInput, accountId: ZIdInput });
export const ZAssistantListResponse = envelope({
  assistants: z.array(
    z.object({ accountId: ZId, fullName: z.string(), email: z.string(), since: z.string() }),
  ),
  invites: z.array(z.object({ id: ZId, email: z.string(), sentAt: z.string() })),
});
export type TAssistantListResponse = z.infer<typeof ZAssistantListResponse>;
/** The courses a tutor assists on (not their own). */
export const ZAssistingResponse = envelope({
  courses: z.array(z.object({ id: ZId, title: z.string(), tutorName: z.string() })),
});
export type TAssistingResponse = z.infer<typeof ZAssistingResponse>;

// ---- the gradebook ---------------------------------------------------------------------------
export const ZGradebookRequest = z.object({ courseId: ZIdInput, cohortId: ZIdInput.optional() });
export type TGradebookRequest = z.input<typeof ZGradebookRequest>;
export const GRADEBOOK_ITEM_KINDS = ['quiz', 'assignment'] as const;
export const ZGradebookColumn = z.object({
  kind: z.enum(GRADEBOOK_ITEM_KINDS),
  id: ZId,
  title: z.string(),
  /** The best a student can score: 100 (percent) for a quiz, the rubric's points for an assignment. */
  outOf: z.number(),
});
/** A cell: best score (a quiz's best percent, an assignment's best points), status, late. */
export const ZGradebookCell = z.object({
  best: z.number().nullable(),
  status: z.enum(['none', 'passed', 'failed', 'draft', 'submitted', 'returned', 'attempted']),
  late: z.boolean(),
});
export type TGradebookCell = z.infer<typeof ZGradebookCell>;
export const ZGradebookResponse = envelope({
  columns: z.array(ZGradebookColumn),
  rows: z.array(
    z.object({
      studentId: ZId,
      studentName: z.string(),
      /** Lessons watched of the course's lessons, 0..100 (the server's own measure). */
      progressPercent: z.number(),
      cells: z.array(ZGradebookCell),
    }),
  ),
});
export type TGradebookResponse = z.infer<typeof ZGradebookResponse>;
