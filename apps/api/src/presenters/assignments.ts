import type {
  TAssignmentDto,
  TCriterionScore as CriterionScore,
  TRubricCriterionDto as RubricCriterion,
  TAssignmentStanding,
  TSubmissionDto,
  TSubmissionStatus,
} from '@app/contract/assignments';

/** The columns of an assignment the answers show. */
export type AssignmentFields = {
  id: number;
  courseId: number;
  sectionId: number;
  title: string;
  instructions: string;
  submissionType: TAssignmentDto['submissionType'];
  grading: TAssignmentDto['grading'];
  rubric: RubricCriterion[];
  passPoints: number | null;
  maxResubmissions: number;
  requiredForCertificate: boolean;
  dueDays: number | null;
  dueLocalTime: string | null;
  refuseLate: boolean;
  peerReview: boolean;
};

/** The columns of a submission the answers show. */
export type SubmissionFields = {
  id: number;
  assignmentId: number;
  studentId: number;
  attemptNo: number;
  status: TSubmissionStatus;
  text: string | null;
  link: string | null;
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  late: boolean;
  submittedAt: Date | null;
  updatedAt: Date;
  gradedById: number | null;
  gradedAt: Date | null;
  scores: CriterionScore[];
  score: number | null;
  scoreOutOf: number | null;
  feedback: string | null;
};

/** A rubric's highest total: the best level of each criterion. */
export const rubricMaxPoints = (rubric: RubricCriterion[]): number =>
  rubric.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => l.points)), 0);

export function assignmentDto(a: AssignmentFields): TAssignmentDto {
  return {
    id: a.id,
    courseId: a.courseId,
    sectionId: a.sectionId,
    title: a.title,
    instructions: a.instructions,
    submissionType: a.submissionType,
    grading: a.grading,
    rubric: a.rubric,
    passPoints: a.passPoints,
    maxPoints: a.grading === 'rubric' ? rubricMaxPoints(a.rubric) : 0,
    maxResubmissions: a.maxResubmissions,
    requiredForCertificate: a.requiredForCertificate,
    dueDays: a.dueDays,
    dueLocalTime: a.dueLocalTime,
    refuseLate: a.refuseLate,
    peerReview: a.peerReview,
  };
}

/**
 * A submission as its reader sees it: `fileUrl` is the signed link made for this reader (null without a file), and
 * `graderName` names who graded it (null before grading, or for a peer reviewer).
 */
export function submissionDto(
  s: SubmissionFields,
  fileUrl: string | null,
  graderName: string | null,
): TSubmissionDto {
  const graded = s.status === 'passed' || s.status === 'failed' || s.status === 'returned';
  return {
    id: s.id,
    assignmentId: s.assignmentId,
    attemptNo: s.attemptNo,
    status: s.status,
    text: s.text,
    link: s.link,
    fileName: s.fileName,
    fileSize: s.fileSize,
    fileUrl,
    late: s.late,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    savedAt: s.updatedAt.toISOString(),
    scores: graded ? s.scores : [],
    score: graded ? s.score : null,
    scoreOutOf: graded ? s.scoreOutOf : null,
    feedback: graded ? s.feedback : null,
    gradedAt: graded ? (s.gradedAt?.toISOString() ?? null) : null,
    gradedBy: graded ? graderName : null,
  };
}

/** A student's standing from their attempts (newest first); staff get an empty one. */
export function standingOf(
  attempts: { status: TSubmissionStatus }[],
  allowed: number | null,
  dueAt: Date | null,
): TAssignmentStanding {
  const latest = attempts[0];
  const used = attempts.filter((a) => a.status !== 'draft').length;
  return {
    status: latest?.status ?? null,
    passed: attempts.some((a) => a.status === 'passed'),
    attemptsUsed: used,
    resubmissionsLeft: allowed === null ? null : Math.max(0, allowed - Math.max(used, 1)),
    dueAt: dueAt?.toISOString() ?? null,
  };
}
