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
type Loader = () => Promise<Catalog>;
/** Each language's first chunk: the main catalog and the area keys the first screens name (vite.config.ts). */
const FIRST: Record<Locale, Loader> = {
  en: () => import('@/locales/en.po'),
  pcm: () => import('@/locales/pcm.po'),
  yo: () => import('@/locales/yo.po'),
  ha: () => import('@/locales/ha.po'),
  ig: () => import('@/locales/ig.po'),
};
/** The rest of each language's words: its areas' catalogs (src/locales/<area>/). */
const REST: Record<Locale, Loader> = {
  en: () => import('@/locales/en.po?areas'),
  pcm: () => import('@/locales/pcm.po?areas'),
  yo: () => import('@/locales/yo.po?areas'),
  ha: () => import('@/locales/ha.po?areas'),
  ig: () => import('@/locales/ig.po?areas'),
};

/**
 * The pseudo-locale (docs/i18n.md): English with its letters accented (lib/i18n/pseudo.ts), so a word that skips the
 * catalogs stands out. Only a build made with VITE_PSEUDO_LOCALE=true (the e2e run's) has its catalog (one chunk,
 * every word); in any other the import below is dropped at build time and the code is not a language
 * (`isPseudoLocale` is false). It is never in the picker: a browser chooses it by keeping it as its language
 * (choice.ts).
 */
export const PSEUDO_LOCALE = 'en-XA';
/** A catalog the app can show: one of the languages, or the pseudo-locale. */
export type CatalogLocale = Locale | typeof PSEUDO_LOCALE;
const PSEUDO_CATALOG: Loader | null =
  import.meta.env.VITE_PSEUDO_LOCALE === 'true' ? () => import('@/locales/en.po?pseudo') : null;
export const isPseudoLocale = (value: unknown): value is typeof PSEUDO_LOCALE =>
  PSEUDO_CATALOG !== null && value === PSEUDO_LOCALE;
const nothing: Loader = () => Promise.resolve({ messages: {} });

/** Each loaded catalog on its own Lingui instance too, for words that keep one language (`useTIn`). */
const fixed = new Map<CatalogLocale, I18n>();

type Loads = Map<CatalogLocale, Promise<void>>;
const firstLoads: Loads = new Map();
const restLoads: Loads = new Map();
const wholeLoads: Loads = new Map();
/** One part of a language's words, loaded once (a failed load, offline, may be asked for again). */
function loadPart(loads: Loads, locale: CatalogLocale, load: () => Promise<unknown>): Promise<void> {
  let done = loads.get(locale);
  if (!done) {
    const promise: Promise<void> & { status?: 'fulfilled'; value?: undefined } = load().then(() => {
      // Marked settled as React reads a thenable, so `use()` of a loaded catalog never suspends.
      promise.status = 'fulfilled';
      promise.value = undefined;
    });
    void promise.catch(() => loads.delete(locale));
    loads.set(locale, (done = promise));
  }
  return done;
}
const addMessages = (locale: CatalogLocale) => (catalog: Catalog) => {
  i18n.load(locale, catalog.messages);
  const own = fixed.get(locale);
  if (own) own.load(locale, catalog.messages);
  else fixed.set(locale, setupI18n({ locale, messages: { [locale]: { ...catalog.messages } } }));
};
const loadFirst = (locale: CatalogLocale) =>
  loadPart(firstLoads, locale, () =>
    (locale === PSEUDO_LOCALE ? (PSEUDO_CATALOG ?? FIRST.en) : FIRST[locale])().then(addMessages(locale)),
  );
const loadRest = (locale: CatalogLocale) =>
  loadPart(restLoads, locale, () =>
    (locale === PSEUDO_LOCALE ? (PSEUDO_CATALOG ? nothing : REST.en) : REST[locale])().then(
      addMessages(locale),
    ),
  );

/**
 * Loads a language's words (once; the same promise for every caller): its first chunk and the rest, and for a
 * language other than English the server's sentences' table (the pseudo-locale's too, so its refusals are shown
 * accented). With `firstOnly`, the first chunk alone: the browser's first render, which hydrates without the words it
 * does not show; the rest come when a screen that needs them is opened (`wordsReady`) or a language is chosen, so a
 * visitor who reads only the first screens never downloads or parses them.
 */
export function loadLocale(locale: CatalogLocale, { firstOnly = false } = {}): Promise<void> {
  if (firstOnly) return loadFirst(locale);
  return loadPart(wholeLoads, locale, () =>
    Promise.all([
      loadFirst(locale),
      loadRest(locale).then(() => (locale === SOURCE_LOCALE ? undefined : loadRefusalTable())),
    ]),
  );
}

/**
 * Resolves once the active language's words are all loaded: the screens outside the first ones (`lazyWithWords`)
 * wait for it with their code, so they never show a key.
 */
export const wordsReady = (): Promise<void> => loadLocale(activeCatalog());

/** What `loadPartLocales` reads of a page (an element; typed apart so the service worker's build, with no DOM, checks). */
type PartsRoot = {
  querySelectorAll(selectors: string): ArrayLike<{ getAttribute(name: string): string | null }>;
};

/**
 * Loads the catalogs of the parts of a page written in other languages with `useTIn` (a certificate is in its
 * learner's language, with English beneath), so a server's page hydrates with the words it was written with. Such a
 * part names its languages in `data-words` (a `lang` attribute alone, such as a course card's language or the
 * picker's options, is not one). Never fails: such a part then loads its catalog as it renders.
 */
export function loadPartLocales(root: PartsRoot): Promise<unknown> {
  const locales = new Set(
    Array.from(root.querySelectorAll('[data-words]'), (el) => el.getAttribute('data-words') ?? '')
      .flatMap((words) => words.split(' '))
      .filter(isLocale),
  );
  return Promise.all([...locales].map((locale) => loadLocale(locale).catch(() => undefined)));
}

/** Loads a language's words (all, or the first chunk with `firstOnly`) and makes it the one everything follows. */
export async function activateLocale(
  locale: CatalogLocale,
  options?: { firstOnly?: boolean },
): Promise<void> {
  await loadLocale(locale, options);
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
 * its parts in other languages (named in their `data-words`) before it hydrates (main.tsx), so it never does there.
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
