import type { TDashboardPeriod } from '@app/contract/dashboards';
import { koboToNaira } from '@app/contract/money';

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The window of a dashboard: its buckets' keys, oldest first, and the instants it spans (end exclusive). */
export type DashboardWindow = { period: TDashboardPeriod; buckets: string[]; start: Date; end: Date };

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lagosDay = (d: Date) => Date.parse(`${dayKey(d.getTime() + LAGOS_MS)}T00:00:00Z`);

/** The key of the bucket holding the Lagos day at UTC-midnight `ms`: the day, its week's Monday, or `YYYY-MM`. */
export function bucketOf(period: TDashboardPeriod, ms: number): string {
  if (period === 'month') return dayKey(ms).slice(0, 7);
  if (period === 'week') return dayKey(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
  return dayKey(ms);
}

/**
 * The buckets from `from` to `to` (Lagos dates, inclusive); without them the last 30 days, 12 weeks or 12 months
 * up to today.
 */
export function dashboardWindow(
  period: TDashboardPeriod,
  from: string | undefined,
  to: string | undefined,
  now = new Date(),
): DashboardWindow {
  const last = to ? Date.parse(`${to}T00:00:00Z`) : lagosDay(now);
  let first: number;
  if (from) first = Date.parse(`${from}T00:00:00Z`);
  else if (period === 'day') first = last - 29 * DAY_MS;
  else if (period === 'week') first = last - 11 * 7 * DAY_MS;
  else {
    const d = new Date(last);
    first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1);
  }
  const buckets: string[] = [];
  for (let ms = Math.min(first, last); ms <= last; ms += DAY_MS) {
    const key = bucketOf(period, ms);
    if (buckets[buckets.length - 1] !== key) buckets.push(key);
  }
  return {
    period,
    buckets,
    start: new Date(Math.min(first, last) - LAGOS_MS),
    end: new Date(last + DAY_MS - LAGOS_MS),
  };
}

/** Figures per bucket key (kobo sums and counts), filled with zeros for the window's empty buckets. */
export function fillBuckets<T extends Record<string, number | null>>(
  window: DashboardWindow,
  rows: ({ bucket: string } & Partial<T>)[],
  zero: T,
): ({ bucket: string } & T)[] {
  const byKey = new Map<string, Partial<T>>();
  for (const r of rows) byKey.set(r.bucket, { ...byKey.get(r.bucket), ...r });
  return window.buckets.map((bucket) => ({ ...zero, ...byKey.get(bucket), bucket }));
}

export const naira = (kobo: number | string | null | undefined) => koboToNaira(Number(kobo ?? 0));

/** Mean of `sum / count` to one decimal; null for none. */
export const mean1 = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);
