import { COHORT_TIME_ZONE } from '@app/contract/cohort-rules';
import type { TCohortDto } from '@app/contract/cohorts';

// Cohorts' moments read in Lagos time (WAT, UTC+1 all year) whatever the browser's zone (docs/cohorts.md), so the
// server's render and the browser's hydration write the same words.

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: COHORT_TIME_ZONE, day: 'numeric', month: 'long' });
const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: COHORT_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: COHORT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "12 January" in Lagos. */
export const lagosDay = (at: string | Date): string => DAY.format(new Date(at));

/** "Tue 12 January 2027, 09:00 WAT" in Lagos. */
export function lagosWhen(at: string | Date): string {
  const p = Object.fromEntries(WHEN.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} WAT`;
}

/** "09:00" in Lagos. */
export const lagosClock = (at: string | Date): string => TIME.format(new Date(at));

/** A session's span: "Tue 12 January 2027, 09:00 to 11:00 WAT". */
export function lagosSpan(startsAt: string, durationMinutes: number): string {
  const end = new Date(Date.parse(startsAt) + durationMinutes * 60_000);
  return `${lagosWhen(startsAt).replace(/ WAT$/, '')} to ${lagosClock(end)} WAT`;
}

/** "18 of 30 seats left". */
export const seatsText = (c: Pick<TCohortDto, 'seatsLeft' | 'capacity'>) =>
  `${c.seatsLeft} of ${c.capacity} seats left`;

/** 'Next cohort starts 12 January · 18 of 30 seats left' (issue 46's words). */
export const nextCohortText = (c: Pick<TCohortDto, 'startsAt' | 'seatsLeft' | 'capacity'>) =>
  `Next cohort starts ${lagosDay(c.startsAt)} · ${seatsText(c)}`;

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
