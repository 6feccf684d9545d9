import type { TCohortStatus } from '@app/contract/cohort-rules';
import { useT } from '@/lib/i18n/index.ts';
import { STATUS_LABELS } from '../cohort-text.ts';

/** A cohort's status as a coloured tag. */
export function CohortStatus({ status }: { status: TCohortStatus }) {
  const t = useT();
  return <span className={`status cohort-status-${status}`}>{t(STATUS_LABELS[status])}</span>;
}
