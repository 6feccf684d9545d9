import type { TCohortStatus } from '@app/contract/cohort-rules';
import type { TCohortDto } from '@app/contract/cohorts';
import type { Translate } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';

/** The catalog keys of a cohort's statuses (lib/i18n: read with `t` at render). */
export const STATUS_LABELS: Record<TCohortStatus, string> = {
  scheduled: 'cohortTutor.status.scheduled',
  running: 'cohortTutor.status.running',
  finished: 'cohortTutor.status.finished',
  cancelled: 'cohortTutor.status.cancelled',
};

/** The time zone every cohort time is shown and entered in ("Lagos time, WAT"), in the app's language. */
export const lagosZone = (t: Translate) => t('dates.lagosTime');

/** "12 of 30 taken". */
export const seatsText = (c: TCohortDto, t: Translate) =>
  t('cohortTutor.seats', { taken: c.seatsTaken, capacity: c.capacity });

/** The cohort's own price, or that it sells at the course's. */
export const priceText = (c: TCohortDto, t: Translate) =>
  c.nairaPrice === null ? t('cohortTutor.coursePrice') : formatNaira(c.nairaPrice);

/** Whether the tutor can still change or cancel the cohort. */
export const isOpen = (c: TCohortDto) => c.status === 'scheduled' || c.status === 'running';
