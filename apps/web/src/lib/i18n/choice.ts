/**
 * Choosing a language (docs/i18n.md): the picker's choice is activated at once, set on `<html lang>`, kept in the
 * browser (localStorage, and the `lang` cookie that the server's render of the public pages reads) and, for a
 * signed-in visitor, saved on the account.
 */
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@app/contract/locales';
import { callOp } from '../api.ts';
import { authState } from '../session.ts';
import { KEYS } from '../storage-keys.ts';
import { activateLocale, isPseudoLocale, type CatalogLocale } from './index.ts';

/** The language kept in this browser (localStorage), if any: the pseudo-locale too, in a build that has it. */
export function storedLocale(): CatalogLocale | null {
  try {
    const value = localStorage.getItem(KEYS.language);
    return isLocale(value) || isPseudoLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a language in this browser: localStorage, the cookie for the server's render (which renders the
 * pseudo-locale's pages in English, as for a cleared cookie), `<html lang>`.
 */
export function rememberLocale(locale: CatalogLocale) {
  try {
    localStorage.setItem(KEYS.language, locale);
  } catch {
    /* storage refused (private mode): the cookie still carries it */
  }
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
  document.documentElement.lang = locale;
}

const savedListeners = new Set<(locale: Locale) => void>();
/**
 * Calls `listener` each time a language is saved on the signed-in account, so what the server writes in the
 * account's language (the notifications) can be fetched again. Returns the unsubscribe.
 */
export function onLocaleSaved(listener: (locale: Locale) => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/** Switches the app to a language (the picker): activated, remembered, and saved on a signed-in account. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  rememberLocale(locale);
  if (authState() === 'authenticated') {
    const saved = await callOp('languageUpdate', { language: locale }).then(
      () => true,
      () => false,
    );
    if (saved) for (const listener of savedListeners) listener(locale);
  }
}
