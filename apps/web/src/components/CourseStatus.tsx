import type { TCourseStatus } from '@app/contract/courses';
import { useT } from '@/lib/i18n/index.ts';

/** The catalog key of each status's name (the status itself stays the class). */
const STATUS_KEYS: Record<TCourseStatus, string> = {
  Pending: 'courseStatus.pending',
  Approved: 'courseStatus.approved',
  Rejected: 'courseStatus.rejected',
};

/** The coloured status badge (classes from styles.css). */
export function CourseStatus({ status }: { status: TCourseStatus }) {
  const t = useT();
  return <span className={`status status-${status}`}>{t(STATUS_KEYS[status])}</span>;
}
