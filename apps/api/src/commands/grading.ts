import type { TGradeOutcome } from '@app/contract/assignments';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { submissions } from '../db/schema-assignments.ts';
import { badRequest, conflict } from '../errors.ts';
import { attemptsAllowed } from '../policies/assignment.ts';
import { accountNames, type AssignmentRow, type SubmissionRow } from '../queries/assignments.ts';
import { settleCompletion } from './completion.ts';
import { scoreRubric } from './grading-rules.ts';
import { notify } from './notify.ts';

const OUTCOME_STATUS = { pass: 'passed', fail: 'failed', return: 'returned' } as const;

/** The web app's page of an assignment (the notification's link). */
export const assignmentPagePath = (assignmentId: number) => `/home/assignment/${assignmentId}`;

/**
 * `POST /submission/grade`: scores the rubric, keeps the feedback and who graded, and passes, fails or returns the
 * work, exactly once: the write only takes a submission still waiting, so of two graders pressing at once the
 * second gets a 409 that names who graded it. A pass needs the pass mark; a return needs a resubmission left.
 * The student is told in the app and by email; a pass of the last required work issues the certificate.
 */
export async function gradeSubmission(
  ctx: Pick<AppContext, 'db' | 'config'>,
  graderId: number,
  found: { submission: SubmissionRow; assignment: AssignmentRow },
  input: { outcome: TGradeOutcome; scores: { criterionId: number; levelId: number }[]; feedback: string },
): Promise<{ submission: SubmissionRow; certificateCode: string | null }> {
  const { submission, assignment } = found;
  if (submission.status === 'draft') badRequest('This work is not submitted yet.');
  if (submission.status !== 'submitted') await alreadyGraded(ctx, submission);
  const scored = scoreRubric(assignment, input.scores);
  if (input.outcome === 'pass' && assignment.passPoints !== null && scored.score < assignment.passPoints)
    badRequest(
      `A pass needs ${assignment.passPoints} points; this work scored ${scored.score} of ${scored.outOf}.`,
    );
  if (input.outcome === 'return' && submission.attemptNo >= attemptsAllowed(assignment.maxResubmissions))
    badRequest('This student has no resubmission left: pass or fail the work.');
  const rubric = assignment.grading === 'rubric';
  const graded = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(submissions)
      .set({
        status: OUTCOME_STATUS[input.outcome],
        scores: scored.scores,
        score: rubric ? scored.score : null,
        scoreOutOf: rubric ? scored.outOf : null,
        feedback: input.feedback || null,
        gradedById: graderId,
        gradedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(submissions.id, submission.id), eq(submissions.status, 'submitted')))
      .returning();
    if (!row) return undefined;
    await notify(tx, [
      {
        accountId: row.studentId,
        type: 'assignment-graded',
        message: rubric
          ? {
              key: 'notice.assignmentGradedScored',
              values: {
                title: assignment.title,
                outcome: input.outcome,
                score: scored.score,
                outOf: scored.outOf,
              },
            }
          : { key: 'notice.assignmentGraded', values: { title: assignment.title, outcome: input.outcome } },
        link: assignmentPagePath(assignment.id),
      },
    ]);
    return row;
  });
  if (!graded) return alreadyGraded(ctx, submission);
  const certificateCode =
    input.outcome === 'pass' ? await settleCompletion(ctx, graded.studentId, assignment.courseId) : null;
  return { submission: graded, certificateCode };
}

/** The 409 of a second grader: who graded the work first. */
async function alreadyGraded(ctx: Pick<AppContext, 'db'>, submission: SubmissionRow): Promise<never> {
  const [now] = await ctx.db
    .select({ gradedById: submissions.gradedById, status: submissions.status })
    .from(submissions)
    .where(eq(submissions.id, submission.id));
  const name = now?.gradedById
    ? (await accountNames(ctx.db, [now.gradedById])).get(now.gradedById)
    : undefined;
  return conflict(
    `This submission was already graded${name ? ` by ${name}` : ''}. Open the queue for the next one.`,
  );
}
