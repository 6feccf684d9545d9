// Money is stored as integer kobo (1 naira = 100 kobo) and answered as naira. Every conversion goes through these
// two, so the rounding (to the nearest kobo) is decided here only.

/** Naira (what the API takes) → integer kobo (what is stored), rounded to the nearest kobo. */
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/** Kobo (what is stored) → naira (what the API answers). */
export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;

/** A course's price fields as answered (naira): its list price and, in a live site-wide sale, the sale's price. */
export type PriceFields = { nairaPrice: number; salePrice?: number | null };

/** A price as shown: what the person pays, and the list price struck through beside it when that is lower. */
export type ShownPrice = {
  pays: number;
  /** The list price, struck through; null when the person pays it. */
  was: number | null;
  /** What lowered the price: a live sale or an applied coupon (they never stack: the lower one applies). */
  by: 'sale' | 'coupon' | null;
};

/**
 * What the person pays for a course and the original to strike through: the lowest of its list price, a live
 * sale's price and an applied coupon's price, as the server charges it. Every screen that shows a price to a buyer
 * reads it (cards, the course page, the cart, the search box and results, the wishlist, the server's first screens).
 */
export function shownPrice(course: PriceFields, couponPrice?: number | null): ShownPrice {
  const list = course.nairaPrice;
  const sale = course.salePrice != null && course.salePrice < list ? course.salePrice : null;
  const now = sale ?? list;
  if (couponPrice != null && couponPrice < now) return { pays: couponPrice, was: list, by: 'coupon' };
  return sale === null ? { pays: list, was: null, by: null } : { pays: sale, was: list, by: 'sale' };
}
