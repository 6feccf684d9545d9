import type { TCourseStatus } from '@app/contract/courses';

/** The coloured status badge (classes from styles.css). */
export function CourseStatus({ status }: { status: TCourseStatus }) {
  return <span className={`status status-${status}`}>{status}</span>;
}
