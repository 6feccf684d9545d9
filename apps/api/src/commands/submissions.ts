import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { submissions } from '../db/schema-assignments.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ASSIGNMENT_STUDENTS_ONLY, attemptsAllowed } from '../policies/assignment.ts';
import { attemptsOf, type AssignmentRow, type SubmissionRow } from '../queries/assignments.ts';
import { lockEnrolment } from '../queries/quizzes.ts';
import { submissionIsLate } from './deadlines.ts';
import { assignPeerReviewers } from './peer-review.ts';

export const WORK_IS_FINAL = 'Your work is submitted. It can change only once your tutor returns it.';
export const WORK_IS_GRADED = 'This assignment is graded. It cannot be changed any more.';
export const NO_RESUBMISSIONS_LEFT = 'You have no resubmissions left for this assignment.';

/**
 * The student's draft of an assignment, locked for the caller's transaction: the current one, or a new attempt
 * when there is none yet or the last one was returned (409 when no resubmission is left). A new attempt after a
 * return starts from the returned work, so nothing written is lost. Submitted or graded work is final (409).
 */
async function openDraft(tx: Tx, assignment: AssignmentRow, studentId: number): Promise<SubmissionRow> {
  if (!(await lockEnrolment(tx, studentId, assignment.courseId))) forbidden(ASSIGNMENT_STUDENTS_ONLY);
  const [latest] = await attemptsOf(tx, assignment.id, studentId, true);
  if (latest?.status === 'draft') return latest;
  if (latest?.status === 'submitted') return conflict(WORK_IS_FINAL);
  if (latest?.status === 'passed' || latest?.status === 'failed') return conflict(WORK_IS_GRADED);
  const attemptNo = (latest?.attemptNo ?? 0) + 1;
  if (attemptNo > attemptsAllowed(assignment.maxResubmissions)) return conflict(NO_RESUBMISSIONS_LEFT);
  const [row] = await tx
    .insert(submissions)
    .values({
      assignmentId: assignment.id,
      studentId,
      attemptNo,
      text: latest?.text ?? null,
      link: latest?.link ?? null,
      fileKey: latest?.fileKey ?? null,
      fileName: latest?.fileName ?? null,
      fileSize: latest?.fileSize ?? null,
    })
    .returning();
  return row!;
}

/** Runs `work` on the student's open draft in one transaction; two first saves at once make one attempt (409). */
async function withDraft<T>(
  ctx: Pick<AppContext, 'db'>,
  assignment: AssignmentRow,
  studentId: number,
  work: (tx: Tx, draft: SubmissionRow) => Promise<T>,
): Promise<T> {
  return ctx.db
    .transaction(async (tx) => work(tx, await openDraft(tx, assignment, studentId)))
    .catch((err: unknown) =>
      isUniqueViolation(err)
        ? conflict('Your work was saved from another tab. Reload to see it.')
        : Promise.reject(err),
    );
}

/** `POST /assignment/draft`: keeps what the student typed (text, link) as is; it is checked only when submitted. */
export function saveDraft(
  ctx: Pick<AppContext, 'db'>,
  studentId: number,
  assignment: AssignmentRow,
  input: { text?: string; link?: string },
): Promise<SubmissionRow> {
  return withDraft(ctx, assignment, studentId, async (tx, draft) => {
    const [row] = await tx
      .update(submissions)
      .set({
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.link !== undefined ? { link: input.link.trim() } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(submissions.id, draft.id))
      .returning();
    return row!;
  });
}

/**
 * Puts an uploaded file (stored and checked by the upload route) on the student's draft. The file it replaces is
 * deleted from storage unless an earlier attempt keeps it. When the draft cannot take it (409), the new file is
 * deleted and the draft stays as it was.
 */
export async function attachFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  studentId: number,
  assignment: AssignmentRow,
  file: { key: string; name: string | null; size: number },
): Promise<SubmissionRow> {
  let replaced: string | null = null;
  const row = await withDraft(ctx, assignment, studentId, async (tx, draft) => {
    replaced = draft.fileKey;
    const [updated] = await tx
      .update(submissions)
      .set({ fileKey: file.key, fileName: file.name, fileSize: file.size, updatedAt: sql`now()` })
      .where(eq(submissions.id, draft.id))
      .returning();
    if (replaced) {
      const [kept] = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.fileKey, replaced), ne(submissions.id, draft.id)))
        .limit(1);
      if (kept) replaced = null;
    }
    return updated!;
  }).catch(async (err: unknown) => {
    await ctx.storage.delete(file.key).catch(() => {});
    throw err;
  });
  if (replaced) await ctx.storage.delete(replaced).catch(() => {});
  return row;
}

/** A link a submission may carry: http(s) with a host that has a dot (a real site), at most 2,000 characters. */
export function isWorkingLink(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** What a draft must hold to be submitted, by the assignment's type (400 with what to do otherwise). */
function checkReady(assignment: AssignmentRow, draft: SubmissionRow | undefined): void {
  if (assignment.submissionType === 'text' && !draft?.text?.trim())
    badRequest('Write your answer before submitting.');
  if (assignment.submissionType === 'link') {
    if (!draft?.link) badRequest('Paste the link to your work before submitting.');
    if (!isWorkingLink(draft!.link!))
      badRequest('This link does not work. Paste a full link, for example https://github.com/you/project.');
  }
  if (assignment.submissionType === 'file' && !draft?.fileKey)
    badRequest('Upload your file before submitting.');
}

/**
 * `POST /assignment/submit`: the draft becomes final until it is graded. A submission after the student's cohort
 * due date is marked late, or refused (400 naming the date) when the tutor chose so. With peer review on, two
 * other students of the course are assigned to review it.
 */
export async function submitWork(
  ctx: Pick<AppContext, 'db'>,
  studentId: number,
  assignment: AssignmentRow,
): Promise<SubmissionRow> {
  const late = await submissionIsLate(ctx.db, studentId, assignment);
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await lockEnrolment(tx, studentId, assignment.courseId))) forbidden(ASSIGNMENT_STUDENTS_ONLY);
    const [latest] = await attemptsOf(tx, assignment.id, studentId, true);
    if (latest?.status === 'submitted') return conflict(WORK_IS_FINAL);
    if (latest?.status === 'passed' || latest?.status === 'failed') return conflict(WORK_IS_GRADED);
    if (latest?.status === 'returned') badRequest('Change your work before submitting it again.');
    checkReady(assignment, latest);
    const [updated] = await tx
      .update(submissions)
      .set({ status: 'submitted', submittedAt: sql`now()`, late, updatedAt: sql`now()` })
      .where(and(eq(submissions.id, latest!.id), eq(submissions.status, 'draft')))
      .returning();
    if (!updated) return conflict(WORK_IS_FINAL);
    if (assignment.peerReview) await assignPeerReviewers(tx, assignment, updated);
    return updated;
  });
  return row;
}
