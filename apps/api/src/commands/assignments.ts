import type { TGradingKind, TSubmissionType } from '@app/contract/assignments';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { assignments, type RubricCriterion } from '../db/schema-assignments.ts';
import { badRequest, notFound } from '../errors.ts';
import { ASSIGNMENT_NOT_FOUND } from '../policies/assignment.ts';
import { rubricMaxPoints } from '../presenters/assignments.ts';
import { assignmentWithCourse, nextAssignmentPosition } from '../queries/assignments.ts';
import { sectionOfCourse } from '../queries/quizzes.ts';
import { DEFAULT_DUE_TIME } from '../lib/cohort-clock.ts';
import { queueAssignmentReminders } from './cohort-reminders.ts';
import { lockEditableCourse } from './quizzes.ts';

/** An assignment of a save request after the contract's schema (defaults applied). */
export type AssignmentInput = {
  id?: number;
  title: string;
  instructions: string;
  submissionType: TSubmissionType;
  grading: TGradingKind;
  rubric: { id?: number; title: string; levels: { id?: number; title: string; points: number }[] }[];
  passPoints?: number | null;
  maxResubmissions: number;
  requiredForCertificate: boolean;
  dueDays?: number | null;
  dueLocalTime?: string | null;
  refuseLate: boolean;
  peerReview: boolean;
};

/**
 * Checks a rubric against the stored one and gives its criteria and levels ids: an id given must be the stored
 * criterion's (or level's) and appear once; new ones get ids after the highest (400 naming the criterion).
 */
export function checkRubric(input: AssignmentInput['rubric'], stored: RubricCriterion[]): RubricCriterion[] {
  const storedCriteria = new Map(stored.map((c) => [c.id, c]));
  const seen = new Set<number>();
  let nextCriterion = Math.max(0, ...stored.map((c) => c.id), ...input.map((c) => c.id ?? 0)) + 1;
  let nextLevel =
    Math.max(
      0,
      ...stored.flatMap((c) => c.levels.map((l) => l.id)),
      ...input.flatMap((c) => c.levels.map((l) => l.id ?? 0)),
    ) + 1;
  const levelIds = new Set(stored.flatMap((c) => c.levels.map((l) => l.id)));
  const seenLevels = new Set<number>();
  return input.map((c, i) => {
    const where = `Criterion ${i + 1}`;
    if (c.id !== undefined) {
      if (!storedCriteria.has(c.id)) badRequest(`${where}: criterion id ${c.id} is not in this rubric.`);
      if (seen.has(c.id)) badRequest(`${where}: criterion id ${c.id} appears twice.`);
      seen.add(c.id);
    }
    const levels = c.levels.map((l) => {
      if (l.id !== undefined) {
        if (!levelIds.has(l.id)) badRequest(`${where}: level id ${l.id} is not in this rubric.`);
        if (seenLevels.has(l.id)) badRequest(`${where}: level id ${l.id} appears twice.`);
        seenLevels.add(l.id);
      }
      return { id: l.id ?? nextLevel++, title: l.title, points: l.points };
    });
    return { id: c.id ?? nextCriterion++, title: c.title, levels };
  });
}

/** The grading rules of an assignment (400 naming the rule): a rubric needs criteria and a reachable pass mark. */
function checkGrading(a: AssignmentInput, rubric: RubricCriterion[]): { passPoints: number | null } {
  if (a.grading === 'passfail') {
    if (rubric.length > 0)
      badRequest('A pass/fail assignment has no rubric: choose rubric grading to score criteria.');
    return { passPoints: null };
  }
  if (rubric.length === 0) badRequest('A rubric needs at least one criterion.');
  const max = rubricMaxPoints(rubric);
  if (a.passPoints === undefined || a.passPoints === null)
    badRequest('Set the pass mark: the points needed to pass.');
  if (a.passPoints! > max)
    badRequest(`The pass mark (${a.passPoints}) is above the rubric's highest total (${max}).`);
  return { passPoints: a.passPoints! };
}

/**
 * Creates or replaces an assignment of a section, for the course's tutor under the course's edit rules (as
 * quizzes): rubric ids are kept across saves. Returns the assignment's id.
 */
export async function saveAssignment(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  tutorId: number,
  input: { courseId: number; sectionId: number; assignment: AssignmentInput },
): Promise<number> {
  const { courseId, sectionId, assignment: a } = input;
  if ((a.dueDays === null || a.dueDays === undefined) && a.dueLocalTime)
    badRequest('Set the number of days after the cohort starts for the due time to apply.');
  const id = await ctx.db.transaction(async (tx: Tx) => {
    await lockEditableCourse(tx, tutorId, courseId);
    if (!(await sectionOfCourse(tx, sectionId, courseId)))
      notFound('This section is not part of the course.');
    const existing = a.id === undefined ? undefined : await assignmentWithCourse(tx, a.id);
    if (a.id !== undefined && (!existing || existing.assignment.courseId !== courseId))
      return notFound(ASSIGNMENT_NOT_FOUND);
    const rubric = checkRubric(a.rubric, existing?.assignment.rubric ?? []);
    const { passPoints } = checkGrading(a, rubric);
    const due = a.dueDays ?? null;
    const fields = {
      sectionId,
      title: a.title,
      instructions: a.instructions,
      submissionType: a.submissionType,
      grading: a.grading,
      rubric,
      passPoints,
      maxResubmissions: a.maxResubmissions,
      requiredForCertificate: a.requiredForCertificate,
      dueDays: due,
      dueLocalTime: due === null ? null : (a.dueLocalTime ?? DEFAULT_DUE_TIME),
      refuseLate: a.refuseLate,
      peerReview: a.peerReview,
    };
    if (existing) {
      const position =
        existing.assignment.sectionId === sectionId
          ? existing.assignment.position
          : await nextAssignmentPosition(tx, sectionId);
      await tx
        .update(assignments)
        .set({ ...fields, position, updatedAt: sql`now()` })
        .where(eq(assignments.id, existing.assignment.id));
      const old = existing.assignment;
      if (old.dueDays !== fields.dueDays || old.dueLocalTime !== fields.dueLocalTime)
        await queueAssignmentReminders(tx, { id: old.id, courseId, ...fields });
      return existing.assignment.id;
    }
    const [row] = await tx
      .insert(assignments)
      .values({ ...fields, courseId, position: await nextAssignmentPosition(tx, sectionId) })
      .returning({ id: assignments.id });
    await queueAssignmentReminders(tx, { id: row!.id, courseId, ...fields });
    return row!.id;
  });
  await ctx.cache.invalidateCourse(courseId);
  return id;
}

/** Deletes an assignment (with its submissions), for the course's tutor under the course's edit rules. */
export async function deleteAssignment(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  tutorId: number,
  assignmentId: number,
): Promise<void> {
  const found = (await assignmentWithCourse(ctx.db, assignmentId)) ?? notFound(ASSIGNMENT_NOT_FOUND);
  const courseId = found.course.id;
  await ctx.db.transaction(async (tx) => {
    await lockEditableCourse(tx, tutorId, courseId);
    await tx
      .delete(assignments)
      .where(and(eq(assignments.id, assignmentId), eq(assignments.courseId, courseId)));
  });
  await ctx.cache.invalidateCourse(courseId);
}
