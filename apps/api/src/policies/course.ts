import type { TCourseStatus } from '@app/contract/courses';
import type { TRole } from '@app/contract/common';
import { badRequest, forbidden } from '../errors.ts';

/** What the rules need to know about a course. */
export type CourseFacts = { id: number; tutorId: number; status: TCourseStatus; deletedAt: Date | null };

/** Who is asking, with the courses they bought (only those that matter for the answer at hand). */
export type Viewer = { id: number; role: TRole; enrolledCourseIds: ReadonlySet<number> };

/**
 * THE rule for a course's media (promo video, series videos, resource files): admins, the owning tutor and
 * students who bought it. Every read path (lists, detail, player, URL signing) asks this function only.
 */
export function mayWatchCourse(viewer: Viewer | null, course: CourseFacts): boolean {
  if (!viewer) return false;
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'tutor') return viewer.id === course.tutorId && course.deletedAt === null;
  // A student who paid keeps the course even if it is later withdrawn.
  return viewer.enrolledCourseIds.has(course.id);
}

/** Anyone may see a published course's outline; others only when they may watch it. */
export function mayViewCourse(viewer: Viewer | null, course: CourseFacts): boolean {
  return (course.status === 'Approved' && course.deletedAt === null) || mayWatchCourse(viewer, course);
}

/** Tutors change only their own courses (403 otherwise). */
export function assertOwnsCourse(account: { id: number }, course: CourseFacts): void {
  if (course.tutorId !== account.id) forbidden('This course belongs to another tutor.');
}

/** An edit is allowed while Pending or Rejected (and puts the course back to Pending). */
export function assertEditable(course: CourseFacts): void {
  if (course.status === 'Approved')
    badRequest('An approved course cannot be edited. Only Pending or Rejected courses can be changed.');
}

/** Only a Pending course may be deleted. */
export function assertDeletable(course: CourseFacts): void {
  if (course.status !== 'Pending')
    badRequest(`Only a Pending course can be deleted; this one is ${course.status}.`);
}
