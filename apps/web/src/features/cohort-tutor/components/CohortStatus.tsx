import type { TCohortStatus } from '@app/contract/cohort-rules';
import { STATUS_LABELS } from '../cohort-text.ts';

/** A cohort's status as a coloured tag. */
export function CohortStatus({ status }: { status: TCohortStatus }) {
  return <span className={`status cohort-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
