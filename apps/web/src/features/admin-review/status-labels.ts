import type { TCourseStatus } from '@app/contract/courses';

/** The catalog key of each course status's name, as the review screens show it. */
export const STATUS_LABELS: Record<TCourseStatus, string> = {
  Pending: 'adminReview.status.pending',
  Approved: 'adminReview.status.approved',
  Rejected: 'adminReview.status.rejected',
};
