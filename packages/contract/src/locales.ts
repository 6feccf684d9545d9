/**
 * zod-free: the app's languages (docs/i18n.md). English is the source; each is named in itself in the picker. The
 * server's render and the browser both read the choice from the `lang` cookie (written by the picker), or else from
 * the first language of `Accept-Language` that is one of these.
 */
export const LOCALES = ['en', 'pcm', 'yo', 'ha', 'ig'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language in its own words (the picker shows these, never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pcm: 'Naijá',
  yo: 'Yorùbá',
  ha: 'Hausa',
  ig: 'Igbo',
};

/** The cookie that carries a visitor's choice to the server's render of the public pages (a year). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first language of an `Accept-Language` header (by its q weights, then its order) that is one of ours, matched
 * on the primary subtag (`yo-NG` → `yo`); null when it names none.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The `lang` cookie's value in a `Cookie` header, when it is one of ours. */
export function localeFromCookie(header: string | null | undefined): Locale | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

/** The language a request's page is rendered in: its cookie, else its Accept-Language, else English. */
export const requestLocale = (cookie: string | null | undefined, acceptLanguage: string | null | undefined) =>
  localeFromCookie(cookie) ?? matchAcceptLanguage(acceptLanguage) ?? SOURCE_LOCALE;

/**
 * A language tag as courses and captions take it (BCP-47): a 2-3 letter language, then subtags (`pt-BR`, `sr-Latn`).
 * A course or a caption may be in any language; ours (`LOCALES`) are offered first.
 */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/** A language's name: ours in their own words, any other as its tag. */
export const languageLabel = (code: string): string =>
  isLocale(code.toLowerCase()) ? LOCALE_NAMES[code.toLowerCase() as Locale] : code;
