import { COHORT_TIME_ZONE } from '@app/contract/cohort-rules';

/**
 * The clock of cohorts: releases, deadlines, join windows and statuses read the time here, so a test can move it
 * (`setCohortClock`) and see a section open or a deadline pass without waiting.
 */
let now: () => Date = () => new Date();

export const cohortNow = (): Date => now();

/** Tests: fix the cohort clock at a moment (or a function of real time); `null` puts the real clock back. */
export function setCohortClock(clock: Date | (() => Date) | null): void {
  if (clock === null) now = () => new Date();
  else if (clock instanceof Date) now = () => new Date(clock.getTime());
  else now = clock;
}

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** `HH:MM`, 00:00 to 23:59. */
export const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The moment `days` days after the Lagos calendar day of `from`, at `localTime` (`HH:MM`) in Lagos: day 0 is the
 * day of `from` itself.
 */
export function lagosDayAt(from: Date, days: number, localTime: string): Date {
  const m = LOCAL_TIME.exec(localTime);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  const localMidnight = Math.floor((from.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(localMidnight + days * DAY_MS + minutes * 60_000 - LAGOS_OFFSET_MS);
}

/** A cohort's moment in messages: its day, month, year and 24-hour time in Lagos. */
export const LAGOS_DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: COHORT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const SHOWN = new Intl.DateTimeFormat('en-GB', LAGOS_DATE_TIME);

/** "12 January 2027, 09:00 WAT": how a cohort's dates read in messages. */
export function lagosText(at: Date): string {
  const p = Object.fromEntries(SHOWN.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} WAT`;
}

/** The Lagos time an assignment is due at when only its day is given. */
export const DEFAULT_DUE_TIME = '23:59';

/** An assignment's due date in a cohort that starts at `startsAt`: `dueDays` after its start day, Lagos time. */
export const cohortDueAt = (startsAt: Date, rule: { dueDays: number; dueLocalTime: string | null }): Date =>
  lagosDayAt(startsAt, rule.dueDays, rule.dueLocalTime ?? DEFAULT_DUE_TIME);
