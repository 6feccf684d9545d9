import { useEffect } from 'react';
import { callOp } from './api.ts';

/** Where this browser keeps its referral attributions (localStorage): one per course, sent with the checkout. */
export const REFERRAL_STORAGE_KEY = 'devlearn.referrals';

/** A referral visit's attribution as the server signed it, kept per course until it ends. */
type Kept = { code: string; attribution: string; expiresAt: string };

function load(now: number): Record<string, Kept> {
  if (typeof localStorage === 'undefined') return {};
  try {
    const raw = JSON.parse(localStorage.getItem(REFERRAL_STORAGE_KEY) ?? '{}') as Record<string, Kept>;
    if (!raw || typeof raw !== 'object') return {};
    return Object.fromEntries(
      Object.entries(raw).filter(
        ([, k]) =>
          typeof k?.attribution === 'string' && typeof k.code === 'string' && Date.parse(k.expiresAt) > now,
      ),
    );
  } catch {
    return {};
  }
}

/**
 * The referral attributions of this browser (docs/payments.md, "Referral links"): first-party, in localStorage, one
 * per course, dropped when they end. The checkout sends them; the server checks each one and sets the fee itself.
 */
export const referralStore = {
  /** The attributions still running, for the checkout. */
  attributions: (now = Date.now()): string[] => Object.values(load(now)).map((k) => k.attribution),
  get: (courseId: number, now = Date.now()): Kept | undefined => load(now)[String(courseId)],
  keep(courseId: number, kept: Kept, now = Date.now()) {
    const all = { ...load(now), [String(courseId)]: kept };
    try {
      localStorage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(all));
    } catch {
      // Storage full or refused: the signed-in student's visit still counts on the server.
    }
  },
};

const inFlight = new Set<string>();

/**
 * Records a visit of the course through a referral link (`?ref=<code>`) once per code while its attribution runs:
 * the server answers the signed attribution, or null for a code it ignores (nothing is shown either way).
 */
export async function recordReferralVisit(code: string, courseId: number): Promise<void> {
  const key = `${courseId}:${code}`;
  if (referralStore.get(courseId)?.code === code || inFlight.has(key)) return;
  inFlight.add(key);
  try {
    const res = await callOp('referralVisit', { code, courseId });
    if (res.attribution && res.expiresAt)
      referralStore.keep(courseId, { code, attribution: res.attribution, expiresAt: res.expiresAt });
  } catch {
    // A visit that could not be recorded changes nothing on the page.
  } finally {
    inFlight.delete(key);
  }
}

/** The course page: records its `?ref=` visit (the search string of the page's address). */
export function useReferralVisit(courseId: number, search: string) {
  useEffect(() => {
    const code = new URLSearchParams(search).get('ref')?.trim();
    if (!code || !Number.isInteger(courseId) || courseId <= 0) return;
    void recordReferralVisit(code.slice(0, 200), courseId);
  }, [courseId, search]);
}
