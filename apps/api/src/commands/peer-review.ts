import { PEER_REVIEWERS } from '@app/contract/assignments';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { assignments, peerReviews } from '../db/schema-assignments.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import type { Db } from '../db/client.ts';
import { fewestReviewsCandidates } from '../queries/peer-review.ts';
import type { AssignmentRow, SubmissionRow } from '../queries/assignments.ts';
import { scoreRubric } from './grading-rules.ts';
import { notify } from './notify.ts';

/**
 * Assigns a submitted piece of work to PEER_REVIEWERS other students of the course, fairly: never its author,
 * nobody twice for one submission, and each time those with the fewest reviews of this assignment so far (the
 * assignment's row is locked, so submissions at the same moment are assigned one after the other). The
 * reviewers are told in the app; they never learn whose work it is.
 */
export async function assignPeerReviewers(tx: Tx, assignment: AssignmentRow, submission: SubmissionRow) {
  await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.id, assignment.id))
    .for('update');
  const chosen = await fewestReviewsCandidates(tx, assignment, submission, PEER_REVIEWERS);
  if (chosen.length === 0) return;
  await tx
    .insert(peerReviews)
    .values(chosen.map((reviewerId) => ({ submissionId: submission.id, reviewerId })))
    .onConflictDoNothing();
  await notify(
    tx,
    chosen.map((accountId) => ({
      accountId,
      type: 'peer-review-assigned' as const,
      message: { key: 'notice.peerReviewAssigned', values: { title: assignment.title } },
      link: '/home/reviews',
    })),
  );
}

/** `POST /peer/review`: the assigned reviewer scores the work with the assignment's rubric, once. */
export async function submitPeerReview(
  db: Db,
  reviewerId: number,
  input: { reviewId: number; scores: { criterionId: number; levelId: number }[]; feedback: string },
  found: { assignment: AssignmentRow; reviewerId: number; doneAt: Date | null } | undefined,
): Promise<void> {
  if (!found) return notFound('This review does not exist.');
  if (found.reviewerId !== reviewerId) forbidden('This review is assigned to another student.');
  if (found.doneAt) conflict('You already sent this review.');
  const scored = scoreRubric(found.assignment, input.scores);
  const [row] = await db
    .update(peerReviews)
    .set({
      scores: scored.scores,
      score: found.assignment.grading === 'rubric' ? scored.score : null,
      feedback: input.feedback || null,
      doneAt: sql`now()`,
    })
    .where(and(eq(peerReviews.id, input.reviewId), sql`${peerReviews.doneAt} is null`))
    .returning({ id: peerReviews.id });
  if (!row) conflict('You already sent this review.');
}
