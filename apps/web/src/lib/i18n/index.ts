/**
 * The app's words in the visitor's language (docs/i18n.md): Lingui's runtime over the catalogs in src/locales/, each
 * compiled at build time into its own chunk and loaded when its language is chosen. A screen reads its words with
 * `useT()` (and re-renders when the language changes); code outside a render (toasts, titles) calls `t`.
 */
import { useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { SOURCE_LOCALE, type Locale } from '@app/contract/locales';
import { setFormatLocale } from './format.ts';
import { loadRefusalTable } from './refusals.ts';

type Catalog = { messages: Messages };
const CATALOGS: Record<Locale, () => Promise<Catalog>> = {
  en: () => import('@/locales/en.po'),
  pcm: () => import('@/locales/pcm.po'),
  yo: () => import('@/locales/yo.po'),
  ha: () => import('@/locales/ha.po'),
  ig: () => import('@/locales/ig.po'),
};

/**
 * The pseudo-locale (docs/i18n.md): English with its letters accented (lib/i18n/pseudo.ts), so a word that skips the
 * catalogs stands out. Only a build made with VITE_PSEUDO_LOCALE=true (the e2e run's) has its catalog; in any other
 * the import below is dropped at build time and the code is not a language (`isPseudoLocale` is false). It is never
 * in the picker: a browser chooses it by keeping it as its language (choice.ts).
 */
export const PSEUDO_LOCALE = 'en-XA';
/** A catalog the app can show: one of the languages, or the pseudo-locale. */
export type CatalogLocale = Locale | typeof PSEUDO_LOCALE;
const PSEUDO_CATALOG: (() => Promise<Catalog>) | null =
  import.meta.env.VITE_PSEUDO_LOCALE === 'true' ? () => import('@/locales/en.po?pseudo') : null;
export const isPseudoLocale = (value: unknown): value is typeof PSEUDO_LOCALE =>
  PSEUDO_CATALOG !== null && value === PSEUDO_LOCALE;

const loaded = new Set<CatalogLocale>();
/**
 * Loads a language's catalog (once), and for a language other than English the server's sentences' table (the
 * pseudo-locale's too, so its refusals are shown accented).
 */
export async function loadLocale(locale: CatalogLocale): Promise<void> {
  if (loaded.has(locale)) return;
  const load = locale === PSEUDO_LOCALE ? (PSEUDO_CATALOG ?? CATALOGS.en) : CATALOGS[locale];
  const [{ messages }] = await Promise.all([
    load(),
    locale === SOURCE_LOCALE ? undefined : loadRefusalTable(),
  ]);
  i18n.load(locale, messages);
  loaded.add(locale);
}

/** Loads a language's catalog and makes it the one every word and format follows. */
export async function activateLocale(locale: CatalogLocale): Promise<void> {
  await loadLocale(locale);
  // The pseudo-locale is English underneath: its numbers and dates, and what the app tells the server.
  setFormatLocale(locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** The catalog every word follows (English until one is activated). */
const activeCatalog = (): CatalogLocale => (i18n.locale as CatalogLocale | undefined) || SOURCE_LOCALE;

/** The active language (English until one is activated; English under the pseudo-locale). */
export const currentLocale = (): Locale => {
  const locale = activeCatalog();
  return locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale;
};

export type Values = Record<string, unknown>;
export type Translate = (key: string, values?: Values) => string;

/** A message of the active catalog by its key, with its ICU values. */
export const t: Translate = (key, values) => i18n._(key, values);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language, re-rendering the caller when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

const translators = new Map<string, Translate>();
/** `t` for a render: the caller re-renders when the language changes. */
export function useT(): Translate {
  const locale = useSyncExternalStore(subscribe, activeCatalog, activeCatalog);
  let bound = translators.get(locale);
  if (!bound) translators.set(locale, (bound = (key, values) => i18n._(key, values)));
  return bound;
}
