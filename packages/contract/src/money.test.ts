import { describe, expect, it } from 'vitest';
import { shownPrice } from './money.ts';

describe('shownPrice', () => {
  it('is the list price outside a sale, with nothing struck through', () => {
    expect(shownPrice({ nairaPrice: 10_000 })).toEqual({ pays: 10_000, was: null, by: null });
    expect(shownPrice({ nairaPrice: 10_000, salePrice: null })).toEqual({
      pays: 10_000,
      was: null,
      by: null,
    });
  });

  it('is the sale price in a sale, the list price struck through', () => {
    expect(shownPrice({ nairaPrice: 10_000, salePrice: 7_000 })).toEqual({
      pays: 7_000,
      was: 10_000,
      by: 'sale',
    });
    expect(shownPrice({ nairaPrice: 10_000, salePrice: 0 })).toEqual({ pays: 0, was: 10_000, by: 'sale' });
  });

  it('takes the lower of a sale and a coupon, never both', () => {
    expect(shownPrice({ nairaPrice: 10_000, salePrice: 7_000 }, 5_000)).toEqual({
      pays: 5_000,
      was: 10_000,
      by: 'coupon',
    });
    expect(shownPrice({ nairaPrice: 10_000, salePrice: 7_000 }, 8_000)).toEqual({
      pays: 7_000,
      was: 10_000,
      by: 'sale',
    });
    expect(shownPrice({ nairaPrice: 10_000 }, 9_000)).toEqual({ pays: 9_000, was: 10_000, by: 'coupon' });
  });

  it('never shows a "sale" or coupon above the list price', () => {
    expect(shownPrice({ nairaPrice: 10_000, salePrice: 12_000 }, 11_000)).toEqual({
      pays: 10_000,
      was: null,
      by: null,
    });
  });
});
