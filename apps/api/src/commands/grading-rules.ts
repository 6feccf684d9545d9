import type { CriterionScore } from '../db/schema-assignments.ts';
import { badRequest } from '../errors.ts';
import { rubricMaxPoints, type AssignmentFields } from '../presenters/assignments.ts';

/**
 * Scores work against an assignment's rubric: exactly one level of each criterion (400 naming the criterion left
 * out, or a criterion or level the rubric does not have). Pass/fail grading takes no scores.
 */
export function scoreRubric(
  assignment: Pick<AssignmentFields, 'grading' | 'rubric'>,
  input: { criterionId: number; levelId: number }[],
): { scores: CriterionScore[]; score: number; outOf: number } {
  if (assignment.grading === 'passfail') {
    if (input.length > 0) badRequest('This assignment is graded pass or fail: it has no rubric to score.');
    return { scores: [], score: 0, outOf: 0 };
  }
  const given = new Map<number, number>();
  for (const s of input) {
    const criterion = assignment.rubric.find((c) => c.id === s.criterionId);
    if (!criterion) badRequest(`Criterion ${s.criterionId} is not in this rubric.`);
    if (given.has(s.criterionId)) badRequest(`"${criterion!.title}" is scored twice.`);
    if (!criterion!.levels.some((l) => l.id === s.levelId))
      badRequest(`Level ${s.levelId} is not a level of "${criterion!.title}".`);
    given.set(s.criterionId, s.levelId);
  }
  const scores = assignment.rubric.map((c) => {
    const levelId = given.get(c.id);
    if (levelId === undefined) return badRequest(`Score every criterion: "${c.title}" has no level chosen.`);
    return { criterionId: c.id, levelId, points: c.levels.find((l) => l.id === levelId)!.points };
  });
  return {
    scores,
    score: scores.reduce((sum, s) => sum + s.points, 0),
    outOf: rubricMaxPoints(assignment.rubric),
  };
}
