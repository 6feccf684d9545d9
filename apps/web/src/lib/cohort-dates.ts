import { COHORT_TIME_ZONE } from '@app/contract/cohort-rules';
import type { TCohortDto } from '@app/contract/cohorts';
import { dateFormat } from './i18n/format.ts';
import { t } from './i18n/index.ts';

// Cohorts' moments read in Lagos time (WAT, UTC+1 all year) whatever the browser's zone (docs/cohorts.md), so the
// server's render and the browser's hydration write the same words.

// In the app's language (English: en-GB's day-month order), lib/i18n/format.ts.
const DAY = { timeZone: COHORT_TIME_ZONE, day: 'numeric', month: 'long' } as const;
const WHEN = {
  timeZone: COHORT_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
const TIME = { timeZone: COHORT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** "12 January" in Lagos. */
export const lagosDay = (at: string | Date): string => dateFormat(DAY, 'en-GB').format(new Date(at));

/** "Tue 12 January 2027, 09:00 WAT" in Lagos. */
export function lagosWhen(at: string | Date): string {
  const p = Object.fromEntries(
    dateFormat(WHEN, 'en-GB')
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return t('cohortDates.when', { ...p });
}

/** "09:00" in Lagos. */
export const lagosClock = (at: string | Date): string => dateFormat(TIME, 'en-GB').format(new Date(at));

/** A session's span: "Tue 12 January 2027, 09:00 to 11:00 WAT". */
export function lagosSpan(startsAt: string, durationMinutes: number): string {
  const end = new Date(Date.parse(startsAt) + durationMinutes * 60_000);
  const p = Object.fromEntries(
    dateFormat(WHEN, 'en-GB')
      .formatToParts(new Date(startsAt))
      .map((x) => [x.type, x.value]),
  );
  return t('cohortDates.span', { ...p, end: lagosClock(end) });
}

/** "18 of 30 seats left". */
export const seatsText = (c: Pick<TCohortDto, 'seatsLeft' | 'capacity'>) =>
  t('cohortDates.seatsLeft', { left: c.seatsLeft, capacity: c.capacity });

/** 'Next cohort starts 12 January · 18 of 30 seats left' (issue 46's words). */
export const nextCohortText = (c: Pick<TCohortDto, 'startsAt' | 'seatsLeft' | 'capacity'>) =>
  t('cohortDates.nextCohort', { day: lagosDay(c.startsAt), seats: seatsText(c) });

/**
 * The cohorts a visitor can still choose, soonest first: not cancelled nor finished (the server's status, so the
 * server's render and the hydration agree).
 */
export const openCohorts = (cohorts: readonly TCohortDto[]) =>
  cohorts
    .filter((c) => c.status === 'scheduled' || c.status === 'running')
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

/** The next cohort to start (scheduled), if any. */
export const nextCohort = (cohorts: readonly TCohortDto[]) =>
  openCohorts(cohorts).find((c) => c.status === 'scheduled');
