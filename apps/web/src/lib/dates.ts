import type { TTimeCreated } from '@app/contract/courses';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `timeCreated` ([year, month 1-12, day, hour, minute, second] in UTC) → "22 Nov 2026"; '' when unreadable. */
export function formatTimeCreated(t: TTimeCreated | null | undefined): string {
  if (!Array.isArray(t) || t.length < 3) return '';
  const [y, m, d, h = 0, min = 0, s = 0] = t;
  const date = new Date(Date.UTC(y, m - 1, d, h, min, s));
  return Number.isNaN(date.getTime()) ? '' : dayMonthYear.format(date);
}

/** "12:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
