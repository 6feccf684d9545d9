import { useSyncExternalStore } from 'react';
import { callOp } from './api.ts';

/** A coupon the student applied: its code and each course's price with it (naira), as the server answered. */
export type AppliedCoupon = { code: string; prices: Record<number, number> };

const KEY = 'coupon';
const listeners = new Set<() => void>();
// Read from storage when first asked for, as the cart is (lib/cart.ts): undefined until then.
let current: AppliedCoupon | null | undefined;

function load(): AppliedCoupon | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as AppliedCoupon | null;
    return raw && typeof raw.code === 'string' && typeof raw.prices === 'object' ? raw : null;
  } catch {
    return null;
  }
}

/** The applied coupon, kept for the tab (a coupon link's code follows the student to the cart). */
export const couponStore = {
  get: (): AppliedCoupon | null => (current === undefined ? (current = load()) : current),
  set(next: AppliedCoupon | null) {
    current = next;
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The applied coupon, re-rendering on change; none in the server's render and the browser's hydration of it. */
export const useCoupon = () => useSyncExternalStore(subscribe, couponStore.get, () => null);

/**
 * Asks the server what `code` makes of these courses' prices; rejects with its refusal (unknown, expired, used up,
 * ...). The checkout prices again on the server.
 */
export async function applyCoupon(code: string, courseIds: number[]): Promise<AppliedCoupon> {
  const res = await callOp('couponApply', { code, courseIds });
  const prices: Record<number, number> = {};
  for (const l of res.lines) prices[l.courseId] = l.discountedPrice;
  const codeOf = res.lines.find((l) => l.coupon)?.coupon ?? code.trim().toUpperCase();
  return { code: codeOf, prices };
}
