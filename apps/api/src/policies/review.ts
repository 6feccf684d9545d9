import { forbidden } from '../errors.ts';
import type { CourseFacts, Viewer } from './course.ts';

/**
 * Who may rate a course: a student who bought it. The course's tutor, other tutors and admins never may (the
 * route admits students only; this says why a student without the course is refused).
 */
export function assertMayReview(viewer: Viewer, course: CourseFacts): void {
  if (viewer.role !== 'user') forbidden('Only students who bought this course can review it.');
  if (course.tutorId === viewer.id) forbidden('You cannot review your own course.');
  if (!viewer.enrolledCourseIds.has(course.id))
    forbidden('Only students who bought this course can review it.');
}
