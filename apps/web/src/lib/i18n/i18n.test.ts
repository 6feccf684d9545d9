import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@app/contract/locales';
import { formatLagosTime, formatTimeCreated } from '@/lib/dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { dateFormat, intlLocale, resetFormatCaches } from './format.ts';
import { activateLocale, t } from './index.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  resetFormatCaches();
  await activateLocale('en');
});

describe('plural forms per CLDR', () => {
  // The cart button's label: one and other in English, Pidgin and Hausa; other alone in Yoruba and Igbo.
  const expected: Record<(typeof LOCALES)[number], [number, string][]> = {
    en: [
      [0, 'Cart, 0 items'],
      [1, 'Cart, 1 item'],
      [2, 'Cart, 2 items'],
    ],
    pcm: [
      [1, 'Cart, 1 tin'],
      [3, 'Cart, 3 tins'],
    ],
    yo: [
      [1, 'Agbọ̀n ìrajà, ohun 1'],
      [3, 'Agbọ̀n ìrajà, ohun 3'],
    ],
    ha: [
      [1, 'Kwandon sayayya, abu 1'],
      [3, 'Kwandon sayayya, abubuwa 3'],
    ],
    ig: [
      [1, 'Nkata ahịa, ihe 1'],
      [3, 'Nkata ahịa, ihe 3'],
    ],
  };
  for (const locale of LOCALES) {
    it(`chooses ${locale}'s form for each count`, async () => {
      await activateLocale(locale);
      for (const [count, text] of expected[locale]) expect(t('header.cartCount', { count })).toBe(text);
    });
  }
});

describe('formatting in the language', () => {
  // A date's month and weekday names come from the catalog, so they are the same with or without the runtime's data.
  const NOV_22 = [2026, 11, 22, 10, 0, 0] as const;
  const DATES = { pcm: '22 Nọv 2026', yo: '22 Bélú 2026', ha: '22 Nuw 2026', ig: '22 Nov 2026' } as const;

  it("uses the language with its Nigerian region where this runtime has its data, and the catalog's month names", async () => {
    await activateLocale('yo');
    expect(intlLocale('NumberFormat')).toBe('yo-NG');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.5');
    for (const locale of ['pcm', 'yo', 'ha', 'ig'] as const) {
      await activateLocale(locale);
      expect(formatTimeCreated([...NOV_22])).toBe(DATES[locale]);
    }
    await activateLocale('ha');
    expect(formatLagosTime('2027-01-12T08:00:00Z')).toBe('12 Jan 2027, 09:00');
    expect(
      dateFormat({ weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2026, 10, 22),
      ),
    ).toBe('Lahadi 22 Nuwamba');
  });

  it('keeps English as it was: en-NG numbers, en-GB dates', async () => {
    await activateLocale('en');
    expect(formatNaira(15000)).toBe('₦15,000');
    expect(formatTimeCreated([2026, 11, 22, 10, 0, 0])).toBe('22 Nov 2026');
  });

  it('falls back to en-NG numbers when Intl.*.supportedLocalesOf lacks the language; dates stay the same', async () => {
    vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockReturnValue([]);
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    resetFormatCaches();
    for (const locale of ['pcm', 'yo', 'ha', 'ig'] as const) {
      await activateLocale(locale);
      expect(intlLocale('NumberFormat')).toBe('en-NG');
      expect(intlLocale('DateTimeFormat')).toBe('en-NG');
      expect(formatNaira(15000)).toBe('₦15,000');
      expect(formatTimeCreated([...NOV_22])).toBe(DATES[locale]);
    }
  });
});
