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

const loaded = new Set<Locale>();
/** Loads a language's catalog (once), and for a language other than English the server's sentences' table. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const [{ messages }] = await Promise.all([
    CATALOGS[locale](),
    locale === SOURCE_LOCALE ? undefined : loadRefusalTable(),
  ]);
  i18n.load(locale, messages);
  loaded.add(locale);
}

/** Loads a language's catalog and makes it the one every word and format follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  setFormatLocale(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** The active language (English until one is activated). */
export const currentLocale = (): Locale => (i18n.locale as Locale | undefined) || SOURCE_LOCALE;

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
  const locale = useLocale();
  let bound = translators.get(locale);
  if (!bound) translators.set(locale, (bound = (key, values) => i18n._(key, values)));
  return bound;
}
