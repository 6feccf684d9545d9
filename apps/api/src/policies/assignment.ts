import type { TSubmissionStatus } from '@app/contract/assignments';
import { forbidden } from '../errors.ts';
import { isTeachingStaff } from './assistant.ts';
import type { CourseFacts, Viewer } from './course.ts';

export const ASSIGNMENT_NOT_FOUND = 'Assignment does not exist';
export const SUBMISSION_NOT_FOUND = 'Submission does not exist';
export const ASSIGNMENT_STUDENTS_ONLY = 'Only students who bought this course can submit its assignments.';
export const GRADERS_ONLY = "Only the course's tutor and assistants can grade its work.";

/**
 * How a caller sees an assignment: `staff` (the tutor, admins, the course's assistants) or a `student` who owns the
 * course. Anyone else is refused (403): other tutors and students without the course.
 */
export function assignmentViewOf(viewer: Viewer, course: CourseFacts): 'staff' | 'student' {
  if (isTeachingStaff(viewer, course)) return 'staff';
  if (viewer.role === 'user' && viewer.enrolledCourseIds.has(course.id)) return 'student';
  return forbidden(
    viewer.role === 'user' ? ASSIGNMENT_STUDENTS_ONLY : 'This course belongs to another tutor.',
  );
}

/** Only students who own the course write and submit work. */
export function assertMaySubmit(viewer: Viewer, course: CourseFacts): void {
  if (!(viewer.role === 'user' && viewer.enrolledCourseIds.has(course.id)))
    forbidden(ASSIGNMENT_STUDENTS_ONLY);
}

/** The course's tutor, admins and its assistants grade its submissions and read its grading queue. */
export function assertMayGrade(viewer: Viewer, course: CourseFacts): void {
  if (!isTeachingStaff(viewer, course)) forbidden(GRADERS_ONLY);
}

/**
 * THE rule for a submission (its text, link and file): its student, the course's graders and the peers assigned
 * to review it. The file's signed link is given, and checked at every fetch, by this rule only.
 */
export function maySeeSubmission(
  viewer: Viewer,
  course: CourseFacts,
  submission: { studentId: number },
  isAssignedReviewer: boolean,
): boolean {
  return viewer.id === submission.studentId && viewer.role === 'user'
    ? true
    : isTeachingStaff(viewer, course) || (viewer.role === 'user' && isAssignedReviewer);
}

/** A draft (or nothing yet) can be written; submitted work is final until a grader returns it. */
export const isFinal = (status: TSubmissionStatus): boolean =>
  status === 'submitted' || status === 'passed' || status === 'failed';

/** Attempts allowed: the first and the resubmissions. */
export const attemptsAllowed = (maxResubmissions: number): number => 1 + maxResubmissions;

/**
 * THE rule for a course's gradebook: its teaching staff see every student's row (never money); a student who owns
 * the course sees their own row; anyone else is refused.
 */
export function gradebookViewOf(viewer: Viewer, course: CourseFacts): 'all' | 'own' {
  if (isTeachingStaff(viewer, course)) return 'all';
  if (viewer.role === 'user' && viewer.enrolledCourseIds.has(course.id)) return 'own';
  return forbidden("Only the course's tutor, its assistants and its students can see its gradebook.");
}
