import { forbidden } from '../errors.ts';
import { isCourseStaff, isCourseTutor, type Viewer } from './course.ts';

/**
 * THE rule for a course's teaching assistant: a tutor account the course's tutor added. An assistant grades,
 * answers the course's questions and sees its students' progress; never money, never an edit of the course, and
 * nothing of another course (every money and edit rule asks `isCourseTutor` / `isCourseStaff`, which an
 * assistant is not).
 */
export const isCourseAssistant = (viewer: Viewer | null, course: { id: number }): boolean =>
  viewer?.role === 'tutor' && (viewer.assistantCourseIds?.has(course.id) ?? false);

/** The course's teaching staff: its tutor, admins and its assistants (grading, progress, the gradebook). */
export const isTeachingStaff = (viewer: Viewer, course: { id: number; tutorId: number }): boolean =>
  isCourseStaff(viewer, course) || isCourseAssistant(viewer, course);

/** Only the course's tutor (or an admin) invites and removes its assistants. */
export function assertMayManageAssistants(viewer: Viewer, course: { tutorId: number }): void {
  if (!isCourseStaff(viewer, course)) forbidden("Only the course's tutor can manage its assistants.");
}

/** The tutor cannot be their own course's assistant. */
export const mayBecomeAssistant = (
  account: { id: number; role: string },
  course: { tutorId: number },
): boolean => account.role === 'tutor' && !isCourseTutor({ id: account.id, role: 'tutor' }, course);
