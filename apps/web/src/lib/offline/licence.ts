import type { DownloadRecord } from './download-queue.ts';

/** Downloads stay playable this long after the app last confirmed, online, that the learner owns the course. */
export const LICENCE_DAYS = 30;
const LICENCE_MS = LICENCE_DAYS * 24 * 60 * 60 * 1000;

export type LicenceVerdict = {
  /** Still owned: their licence starts again now. */
  confirm: number[];
  /** Refunded (or no longer the account's): deleted. */
  refunded: number[];
  /** Not confirmed for 30 days: deleted. */
  expired: number[];
};

/**
 * Decides each download's fate. `owned` is the signed-in account's courses when the server answered, null when it
 * could not be asked (offline): then only the age of the last confirmation counts.
 */
export function judgeLicences(
  records: DownloadRecord[],
  account: string | null,
  owned: ReadonlySet<number> | null,
  now: number,
): LicenceVerdict {
  const verdict: LicenceVerdict = { confirm: [], refunded: [], expired: [] };
  for (const r of records) {
    if (owned && r.owner === account) {
      if (owned.has(r.courseId)) verdict.confirm.push(r.seriesId);
      else verdict.refunded.push(r.seriesId);
    } else if (now - r.confirmedAt > LICENCE_MS) verdict.expired.push(r.seriesId);
  }
  return verdict;
}
