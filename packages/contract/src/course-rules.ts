// Zod-free, so the web's initial bundle can read the rules without loading zod.

export const COURSE_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type TCourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * Who may move a course from which status to which. The API's course policy enforces it (and its SQL guards read
 * the same `from` lists); the admin dialog and the tutor's tables offer what it allows.
 * - review: an admin sets any status (again, to add a reason to the history);
 * - edit: the owning tutor changes a Pending or Rejected course, which goes (back) to Pending;
 * - delete: the owning tutor soft-deletes a Pending course.
 */
export const COURSE_TRANSITIONS = {
  review: { by: 'admin', from: COURSE_STATUSES, to: COURSE_STATUSES },
  edit: { by: 'tutor', from: ['Pending', 'Rejected'], to: ['Pending'] },
  delete: { by: 'tutor', from: ['Pending'], to: [] },
} as const satisfies Record<
  string,
  { by: 'admin' | 'tutor'; from: readonly TCourseStatus[]; to: readonly TCourseStatus[] }
>;
export type TCourseAction = keyof typeof COURSE_TRANSITIONS;

/** Whether `action` may start from `status` (the role check is the route's and the policy's). */
export const mayStartFrom = (action: TCourseAction, status: TCourseStatus): boolean =>
  (COURSE_TRANSITIONS[action].from as readonly TCourseStatus[]).includes(status);

/** The longest reason an admin may give with a status change (the API's schema and the admin dialog). */
export const STATUS_REASON_MAX = 1000;

/** The longest review comment (the API's schema and the course page's review form). */
export const REVIEW_COMMENT_MAX = 2000;
