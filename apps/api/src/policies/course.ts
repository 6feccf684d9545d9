import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { TCourseStatus } from '@app/contract/courses';
import type { TRole } from '@app/contract/common';
import { COURSE_TRANSITIONS, mayStartFrom } from '@app/contract/course-rules';
import { courses } from '../db/schema.ts';
import { badRequest, forbidden } from '../errors.ts';

/** What the rules need to know about a course. */
export type CourseFacts = { id: number; tutorId: number; status: TCourseStatus; deletedAt: Date | null };

/** The status of a published course (the trigger-kept `course_counts` of live courses count it by status). */
export const PUBLISHED_STATUS = 'Approved' satisfies TCourseStatus;

/** THE meaning of "published": Approved and not deleted. Guests see, buy and find only published courses. */
export const isPublished = (course: Pick<CourseFacts, 'status' | 'deletedAt'>): boolean =>
  course.status === PUBLISHED_STATUS && course.deletedAt === null;

/** `isPublished` in SQL, for the queries that list, count or search published courses. */
export const publishedSql: SQL = and(eq(courses.status, PUBLISHED_STATUS), isNull(courses.deletedAt))!;

/**
 * The SQL guard of a transition (see COURSE_TRANSITIONS in the contract): the course is live and in one of the
 * statuses the action may start from, checked again inside the write so a racing status change cannot slip through.
 */
export const mayStartFromSql = (action: keyof typeof COURSE_TRANSITIONS): SQL =>
  and(inArray(courses.status, [...COURSE_TRANSITIONS[action].from]), isNull(courses.deletedAt))!;

/** Who is asking, with the courses they bought (only those that matter for the answer at hand). */
export type Viewer = {
  id: number;
  role: TRole;
  enrolledCourseIds: ReadonlySet<number>;
  /** A cohort member's sections by id, as the release rules find them (policies/release.ts); absent: none locked. */
  sectionStates?: ReadonlyMap<number, { open: boolean; opensAt: Date | null }>;
  /** A tutor's courses (of those at hand) they assist on as a teaching assistant (policies/assistant.ts). */
  assistantCourseIds?: ReadonlySet<number>;
};

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

/**
 * THE rule for one lesson (series): whoever may watch the course, and anyone at all for a free preview lesson of
 * a published course. The presenter (links in every course answer) and the HLS links ask this function only.
 */
export function mayWatchSeries(
  viewer: Viewer | null,
  course: CourseFacts,
  lesson: { preview: boolean },
): boolean {
  return mayWatchCourse(viewer, course) || (lesson.preview && isPublished(course));
}

/**
 * THE rule for a course's trailer (its promo video and its HLS ladder): it sells the course, so anyone may play a
 * published course's trailer; otherwise only those who may watch the course.
 */
export function mayWatchTrailer(viewer: Viewer | null, course: CourseFacts): boolean {
  return isPublished(course) || mayWatchCourse(viewer, course);
}

/** Anyone may see a published course's outline; others only when they may watch it. */
export function mayViewCourse(viewer: Viewer | null, course: CourseFacts): boolean {
  return isPublished(course) || mayWatchCourse(viewer, course);
}

/** The tutor who owns the course. */
export const isCourseTutor = (account: { id: number; role: TRole }, course: { tutorId: number }): boolean =>
  account.role === 'tutor' && account.id === course.tutorId;

/** THE rule for a course's figures (buyers, earnings, quiz results, coupons): its tutor, or an admin. */
export const isCourseStaff = (account: { id: number; role: TRole }, course: { tutorId: number }): boolean =>
  account.role === 'admin' || isCourseTutor(account, course);

/** Tutors change only their own courses (403 otherwise). */
export function assertOwnsCourse(account: { id: number }, course: CourseFacts): void {
  if (course.tutorId !== account.id) forbidden('This course belongs to another tutor.');
}

/** An edit is allowed while Pending or Rejected (and puts the course back to Pending): COURSE_TRANSITIONS.edit. */
export function assertEditable(course: CourseFacts): void {
  if (!mayStartFrom('edit', course.status))
    badRequest('An approved course cannot be edited. Only Pending or Rejected courses can be changed.');
}

/** Only a Pending course may be deleted: COURSE_TRANSITIONS.delete. */
export function assertDeletable(course: CourseFacts): void {
  if (!mayStartFrom('delete', course.status))
    badRequest(`Only a Pending course can be deleted; this one is ${course.status}.`);
}

/** An admin's review may set any status from any status (COURSE_TRANSITIONS.review). */
export function assertReviewable(course: Pick<CourseFacts, 'status'>, to: TCourseStatus): void {
  const review = COURSE_TRANSITIONS.review;
  if (!mayStartFrom('review', course.status) || !(review.to as readonly TCourseStatus[]).includes(to))
    badRequest(`A ${course.status} course cannot be moved to ${to}.`);
}

/** Search finds published courses; an admin finds every status (courses under review too). */
export const maySearchEveryStatus = (viewer: { role: TRole } | null | undefined): boolean =>
  viewer?.role === 'admin';
