import { i18n } from '@lingui/core';
import { SOURCE_LOCALE, type Locale } from '@app/contract/locales';
import { nextTask } from '../next-task.ts';

/**
 * The Intl locale that numbers, dates and naira are formatted in for the app's language: `<lang>-NG` when this
 * runtime has the data for it, else `en-NG`, so a browser without Yoruba's (say) still formats, in Nigerian English.
 * English keeps the app's own choices (`en-NG` numbers, `en-GB` day-month-year dates).
 */
type IntlKind = 'NumberFormat' | 'DateTimeFormat' | 'PluralRules';
const FALLBACK = 'en-NG';

let current: Locale = SOURCE_LOCALE;
/** Set by `activateLocale`; the formatting helpers read it. */
export const setFormatLocale = (locale: Locale) => {
  current = locale;
};
export const formatLocale = (): Locale => current;

const supported = new Map<string, boolean>();
function has(kind: IntlKind, tag: string): boolean {
  const key = `${kind}|${tag}`;
  let yes = supported.get(key);
  if (yes === undefined) {
    try {
      const of: (tags: string[]) => string[] =
        kind === 'NumberFormat'
          ? (tags) => Intl.NumberFormat.supportedLocalesOf(tags)
          : kind === 'DateTimeFormat'
            ? (tags) => Intl.DateTimeFormat.supportedLocalesOf(tags)
            : (tags) => Intl.PluralRules.supportedLocalesOf(tags);
      yes = of([tag]).length > 0;
    } catch {
      yes = false;
    }
    supported.set(key, yes);
  }
  return yes;
}

/** `<lang>-NG` (or `<lang>`) when `Intl[kind]` has it, else `en-NG`; `english` for English itself. */
export function intlLocale(kind: IntlKind, locale: Locale = current, english = FALLBACK): string {
  if (locale === SOURCE_LOCALE) return english;
  const regional = `${locale}-NG`;
  if (has(kind, regional)) return regional;
  return has(kind, locale) ? locale : FALLBACK;
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** A cached Intl.NumberFormat for the current language. */
export function numberFormat(options: Intl.NumberFormatOptions, english = FALLBACK): Intl.NumberFormat {
  const tag = intlLocale('NumberFormat', current, english);
  const key = `n|${tag}|${JSON.stringify(options)}`;
  let f = formats.get(key) as Intl.NumberFormat | undefined;
  if (!f) formats.set(key, (f = new Intl.NumberFormat(tag, options)));
  return f;
}
/** What the date helpers use of a date format. */
export type DateFormatter = Pick<Intl.DateTimeFormat, 'format' | 'formatToParts'>;

const dateTimeFormat = (tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `d|${tag}|${JSON.stringify(options)}`;
  let f = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(tag, options)));
  return f;
};

// The names of months and weekdays, from the catalogs (CLDR's): ICU selects over m1…m12 and sun…sat.
const MONTH_NAMES = { long: 'calendar.monthLong', short: 'calendar.monthShort' } as const;
const WEEKDAY_NAMES = { long: 'calendar.weekdayLong', short: 'calendar.weekdayShort' } as const;

/**
 * A date format for a language other than English: British English's order and numbers (day, month, year; a
 * 24-hour clock), with the month's and weekday's names from the language's catalog. Browsers carry no date data for
 * Yoruba, Hausa, Igbo or Naijá (Chromium has none) where Node does, so formatting with `Intl` alone would write
 * English months in the browser and the language's on the server: with the catalog's names, the server's render and
 * the browser's hydration write the same words, in the language, in every browser.
 */
function catalogDateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const base = dateTimeFormat('en-GB', options);
  const zone = { timeZone: options.timeZone };
  const formatToParts = (date?: Date | number): Intl.DateTimeFormatPart[] => {
    const d = date === undefined ? new Date() : new Date(date);
    return base.formatToParts(d).map((part) => {
      if (part.type === 'month' && !/^\d+$/.test(part.value)) {
        const month = `m${dateTimeFormat('en-US', { ...zone, month: 'numeric' }).format(d)}`;
        const style =
          part.value === dateTimeFormat('en-GB', { ...zone, month: 'long' }).format(d) ? 'long' : 'short';
        return { ...part, value: i18n._(MONTH_NAMES[style], { month }) };
      }
      if (part.type === 'weekday') {
        const weekday = dateTimeFormat('en-US', { ...zone, weekday: 'short' })
          .format(d)
          .toLowerCase();
        const style =
          part.value === dateTimeFormat('en-GB', { ...zone, weekday: 'long' }).format(d) ? 'long' : 'short';
        return { ...part, value: i18n._(WEEKDAY_NAMES[style], { weekday }) };
      }
      return part;
    });
  };
  return {
    format: (date) =>
      formatToParts(date)
        .map((p) => p.value)
        .join(''),
    formatToParts,
  };
}

/**
 * A date format for the current language (or `locale`'s, for words kept in one language): English's own (`english`,
 * en-NG unless told), or the catalog's names in British English's order for the other languages.
 */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  english = FALLBACK,
  locale: Locale = current,
): DateFormatter {
  if (locale === SOURCE_LOCALE) return dateTimeFormat(english, options);
  if (locale === current) {
    const key = `c|${JSON.stringify(options)}`;
    let f = formats.get(key) as DateFormatter | undefined;
    if (!f) formats.set(key, (f = catalogDateFormat(options) as Intl.DateTimeFormat));
    return f;
  }
  return dateTimeFormat(intlLocale('DateTimeFormat', locale, english), options);
}

/** For tests: forget what was learnt of the runtime's locale data (after stubbing `supportedLocalesOf`). */
export function resetFormatCaches() {
  supported.clear();
  formats.clear();
}

/** A count with the language's digit grouping (1,234). */
export const formatCount = (n: number): string => numberFormat({}, 'en-NG').format(n);

/** The formatters the first screens use, each made once and kept (see `warmFormats`). */
const WARM_UPS = [
  // Lingui's plural rules and number, through a plural with `#` on every page (the header's cart label).
  () => i18n._('header.cartCount', { count: 0 }),
  () => numberFormat({}, 'en-NG').format(0),
  () => dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(0),
];

/**
 * Makes the formatters the first screens use in the current language, each in a task of its own. A page's first
 * `Intl` objects load ICU's data: 15-20 ms of a phone's main thread (60-80 ms at Lighthouse's 4x slowdown), spent
 * inside whichever component formats first. main.tsx awaits this before hydrating, so that cost is not in the
 * render's task.
 */
export async function warmFormats(): Promise<void> {
  for (const warm of WARM_UPS) {
    await nextTask();
    try {
      warm();
    } catch {
      // Only a head start: the screens make what they need themselves.
    }
  }
}
