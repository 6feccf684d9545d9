/**
 * The app's words in the visitor's language (docs/i18n.md): Lingui's runtime over the catalogs in src/locales/, each
 * compiled at build time into its own chunk and loaded when its language is chosen. A screen reads its words with
 * `useT()` (and re-renders when the language changes); code outside a render (toasts, titles) calls `t`.
 */
import { use, useSyncExternalStore } from 'react';
import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { isLocale, SOURCE_LOCALE, type Locale } from '@app/contract/locales';
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

/** Each loaded catalog on its own Lingui instance too, for words that keep one language (`useTIn`). */
const fixed = new Map<CatalogLocale, I18n>();
const loading = new Map<CatalogLocale, Promise<void>>();
/**
 * Loads a language's catalog (once; the same promise for every caller), and for a language other than English the
 * server's sentences' table (the pseudo-locale's too, so its refusals are shown accented).
 */
export function loadLocale(locale: CatalogLocale): Promise<void> {
  let done = loading.get(locale);
  if (!done) {
    const load = locale === PSEUDO_LOCALE ? (PSEUDO_CATALOG ?? CATALOGS.en) : CATALOGS[locale];
    const promise: Promise<void> & { status?: 'fulfilled'; value?: undefined } = Promise.all([
      load(),
      locale === SOURCE_LOCALE ? undefined : loadRefusalTable(),
    ]).then(([{ messages }]) => {
      i18n.load(locale, messages);
      fixed.set(locale, setupI18n({ locale, messages: { [locale]: messages } }));
      // Marked settled as React reads a thenable, so `use()` of a loaded catalog never suspends.
      promise.status = 'fulfilled';
      promise.value = undefined;
    });
    // A failed chunk (offline) may be asked for again.
    void promise.catch(() => loading.delete(locale));
    loading.set(locale, (done = promise));
  }
  return done;
}

/**
 * Loads the catalogs of the parts of a page in other languages (their `lang` attribute: a certificate is in its
 * learner's language, with English beneath), so a server's page hydrates with the words it was written with.
 * Never fails: such a part then loads its catalog as it renders.
 */
export function loadPartLocales(root: ParentNode): Promise<unknown> {
  const locales = new Set(
    [...root.querySelectorAll('[lang]')].map((el) => el.getAttribute('lang')).filter(isLocale),
  );
  return Promise.all([...locales].map((locale) => loadLocale(locale).catch(() => undefined)));
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

const fixedTranslators = new Map<CatalogLocale, Translate>();
/**
 * `t` in one given language, whatever the app's: the words of a document that belongs to someone (a certificate is
 * in its learner's language). Suspends until that catalog is in; a page the server rendered loads the catalogs of
 * its parts in other languages (their `lang` attribute) before it hydrates (main.tsx), so it never does there.
 */
export function useTIn(locale: Locale): Translate {
  // Under the pseudo-locale English is shown accented, as every other English word of the app is.
  const active = useSyncExternalStore(subscribe, activeCatalog, activeCatalog);
  const shown: CatalogLocale = locale === SOURCE_LOCALE && active === PSEUDO_LOCALE ? PSEUDO_LOCALE : locale;
  use(loadLocale(shown));
  let bound = fixedTranslators.get(shown);
  if (!bound) {
    const instance = fixed.get(shown)!;
    fixedTranslators.set(shown, (bound = (key, values) => instance._(key, values)));
  }
  return bound;
}
