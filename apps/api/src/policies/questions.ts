import { POST_EDIT_MINUTES } from '@app/contract/questions';
import { forbidden } from '../errors.ts';
import { isCourseAssistant } from './assistant.ts';
import { isCourseTutor, type Viewer } from './course.ts';

/** What the Q&A rules need to know about a course. */
export type QaCourse = { id: number; tutorId: number };

/** The course's tutor writes 'Tutor' badge answers and hears of new questions (policies/course.ts). */
export { isCourseTutor };

/**
 * THE rule for posting in a course's Q&A (ask, answer, vote, accept, announce's readers): students who own the
 * course, its tutor and its teaching assistants. Admins read and moderate but do not post.
 */
export const mayPostQa = (viewer: Viewer, course: QaCourse): boolean =>
  isCourseTutor(viewer, course) ||
  isCourseAssistant(viewer, course) ||
  (viewer.role === 'user' && viewer.enrolledCourseIds.has(course.id));

/** THE rule for reading a course's Q&A and announcements: whoever may post, and admins. */
export const mayReadQa = (viewer: Viewer, course: QaCourse): boolean =>
  viewer.role === 'admin' || mayPostQa(viewer, course);

export const QA_READ_REFUSAL = "Only the course's students and its tutor can see its questions.";

export function assertMayReadQa(viewer: Viewer, course: QaCourse): void {
  if (!mayReadQa(viewer, course)) forbidden(QA_READ_REFUSAL);
}

export function assertMayPostQa(viewer: Viewer, course: QaCourse): void {
  if (viewer.role === 'admin') forbidden('Admins read and moderate questions but do not post.');
  if (!mayPostQa(viewer, course)) forbidden("Only the course's students and its tutor can post questions.");
}

/** Admins see hidden posts (to moderate them); for everyone else a hidden post does not exist. */
export const seesHidden = (viewer: Pick<Viewer, 'role'>): boolean => viewer.role === 'admin';

/** The asker or the course's tutor marks the accepted answer. */
export function assertMayAccept(viewer: Viewer, course: QaCourse, askerId: number | null): void {
  if (viewer.id !== askerId && !isCourseTutor(viewer, course))
    forbidden('Only the person who asked or the tutor can accept an answer.');
}

/** People change or delete only their own posts. */
export function assertOwnPost(viewer: Pick<Viewer, 'id'>, authorId: number): void {
  if (viewer.id !== authorId) forbidden('You can change only your own posts.');
}

export const EDIT_WINDOW_MESSAGE = `You can edit a post only within ${POST_EDIT_MINUTES} minutes of posting.`;

/** Whether a post made at `createdAt` may still be edited at `now`. */
export const withinEditWindow = (createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() <= POST_EDIT_MINUTES * 60_000;

/** Questions a person may ask, and answers they may post, per hour. */
export const QUESTIONS_PER_HOUR = 10;
export const ANSWERS_PER_HOUR = 30;
export const REPORTS_PER_HOUR = 20;
