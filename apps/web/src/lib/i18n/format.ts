import { SOURCE_LOCALE, type Locale } from '@app/contract/locales';

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
/** A cached Intl.DateTimeFormat for the current language (or `locale`'s, for words kept in one language). */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  english = FALLBACK,
  locale: Locale = current,
): Intl.DateTimeFormat {
  const tag = intlLocale('DateTimeFormat', locale, english);
  const key = `d|${tag}|${JSON.stringify(options)}`;
  let f = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(tag, options)));
  return f;
}

/** For tests: forget what was learnt of the runtime's locale data (after stubbing `supportedLocalesOf`). */
export function resetFormatCaches() {
  supported.clear();
  formats.clear();
}

/** A count with the language's digit grouping (1,234). */
export const formatCount = (n: number): string => numberFormat({}, 'en-NG').format(n);
