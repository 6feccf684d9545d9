import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { assignments, peerReviews, submissions } from '../db/schema-assignments.ts';
import { enrolments } from '../db/schema-money.ts';
import type { AssignmentRow, SubmissionRow } from './assignments.ts';

/**
 * The `n` students of the course to review a submission: not its author, not already reviewing it, those with the
 * fewest reviews of this assignment first, then those who have not submitted yet (an author can never review their
 * own work, so one left for last could not be given their share), then by account id.
 */
export async function fewestReviewsCandidates(
  tx: Tx,
  assignment: Pick<AssignmentRow, 'id' | 'courseId'>,
  submission: Pick<SubmissionRow, 'id' | 'studentId'>,
  n: number,
): Promise<number[]> {
  const load = sql<number>`(select count(*) from ${peerReviews}
    join ${submissions} s on s.id = ${peerReviews.submissionId}
    where s.assignment_id = ${assignment.id} and ${peerReviews.reviewerId} = ${enrolments.studentId})::int`;
  const submitted = sql<boolean>`exists (select 1 from ${submissions} s where s.assignment_id = ${assignment.id}
    and s.student_id = ${enrolments.studentId} and s.status <> 'draft')`;
  const rows = await tx
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.courseId, assignment.courseId),
        sql`${enrolments.studentId} <> ${submission.studentId}`,
        sql`not exists (select 1 from ${peerReviews} where ${peerReviews.submissionId} = ${submission.id}
          and ${peerReviews.reviewerId} = ${enrolments.studentId})`,
      ),
    )
    .orderBy(asc(load), asc(submitted), asc(enrolments.studentId))
    .limit(n);
  return rows.map((r) => r.id);
}

/** One peer review with its assignment (the reviewer's write). */
export async function peerReviewWithAssignment(db: Db, reviewId: number) {
  const [row] = await db
    .select({ review: peerReviews, assignment: assignments })
    .from(peerReviews)
    .innerJoin(submissions, eq(submissions.id, peerReviews.submissionId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(peerReviews.id, reviewId));
  return row;
}

/** A student's peer reviews to do and done, newest first, with the work and its assignment. */
export const peerTasksOf = (db: Db, reviewerId: number) =>
  db
    .select({ review: peerReviews, submission: submissions, assignment: assignments })
    .from(peerReviews)
    .innerJoin(submissions, eq(submissions.id, peerReviews.submissionId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(peerReviews.reviewerId, reviewerId))
    .orderBy(sql`${peerReviews.doneAt} is not null`, asc(peerReviews.id));
