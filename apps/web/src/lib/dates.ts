import type { TTimeCreated } from '@app/contract/courses';
import { dateFormat } from './i18n/format.ts';
import { t } from './i18n/index.ts';

const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;

/** `timeCreated` ([year, month 1-12, day, hour, minute, second] in UTC) → "22 Nov 2026"; '' when unreadable. */
export function formatTimeCreated(t: TTimeCreated | null | undefined): string {
  if (!Array.isArray(t) || t.length < 3) return '';
  const [y, m, d, h = 0, min = 0, s = 0] = t;
  const date = new Date(Date.UTC(y, m - 1, d, h, min, s));
  return Number.isNaN(date.getTime()) ? '' : dateFormat(DAY_MONTH_YEAR, 'en-GB').format(date);
}

/** "12:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The one time zone of the times the money screens show and take (coupons, sales, payout holds): Lagos, WAT, which
 * is UTC+1 all year (no daylight saving), whatever the browser's own zone.
 */
export const lagosTime = (): string => t('dates.lagosTime');
const LAGOS_OFFSET_MS = 60 * 60_000;
const LAGOS_DATE_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' } as const;

/** A moment as "28 Nov 2026, 14:05" in Lagos time (in the app's language). */
export const formatLagosTime = (at: string | Date): string =>
  dateFormat(LAGOS_DATE_TIME, 'en-NG').format(new Date(at));

/** `YYYY-MM-DDTHH:mm` of a moment in Lagos time, for a datetime-local field. */
export const lagosInput = (d: Date): string =>
  new Date(d.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);

/** The moment (ISO 8601) a datetime-local field's `YYYY-MM-DDTHH:mm` names in Lagos time; '' when it names none. */
export function fromLagosInput(value: string): string {
  const at = new Date(`${value}:00+01:00`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** Where something that runs between two moments (a coupon, a sale) stands at `now`. */
export function runStatus(
  startsAt: string,
  endsAt: string,
  now = Date.now(),
): 'Scheduled' | 'Running' | 'Ended' {
  if (now < Date.parse(startsAt)) return 'Scheduled';
  return now < Date.parse(endsAt) ? 'Running' : 'Ended';
}
