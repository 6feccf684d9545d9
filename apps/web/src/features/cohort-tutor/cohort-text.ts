import type { TCohortStatus } from '@app/contract/cohort-rules';
import type { TCohortDto } from '@app/contract/cohorts';
import { formatNaira } from '@/lib/money.ts';

export const STATUS_LABELS: Record<TCohortStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** "12 of 30 taken". */
export const seatsText = (c: TCohortDto) => `${c.seatsTaken} of ${c.capacity} taken`;

/** The cohort's own price, or that it sells at the course's. */
export const priceText = (c: TCohortDto) =>
  c.nairaPrice === null ? 'Course price' : formatNaira(c.nairaPrice);

/** Whether the tutor can still change or cancel the cohort. */
export const isOpen = (c: TCohortDto) => c.status === 'scheduled' || c.status === 'running';
