/**
 * The words the server writes to a person (docs/i18n.md, "What the server writes"): page heads, receipts,
 * certificates, emails and notifications, in that person's language. The catalogs are PO files beside this module
 * (`locales/<locale>.po`, copied beside the built server by build.mjs), compiled once, on first use, with Lingui's
 * message compiler and formatted by one Lingui instance per language (a request never changes another's language).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { isLocale, SOURCE_LOCALE, type Locale } from '@app/contract/locales';
import { parsePo } from '@app/contract/po';
import { LAGOS_DATE_TIME, lagosText } from '../lib/cohort-clock.ts';

/** The folder of the catalogs: src/i18n/locales in the source, dist/locales in the build. */
export const catalogsFolder = fileURLToPath(new URL('./locales/', import.meta.url));

const instances = new Map<Locale, I18n>();
function instance(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const text = readFileSync(`${catalogsFolder}${locale}.po`, 'utf8');
    const messages = Object.fromEntries(
      parsePo(text).map((e) => [e.key, compileMessageOrThrow(e.translation || e.source)]),
    );
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

export type Values = Record<string, unknown>;

/**
 * A value named `…At` is a moment (an ISO string or a Date): it is written in Lagos time in the language's own form
 * (`lagosDateTime`), so a notification keeps the moment itself and each reader reads it in their language.
 */
function withMoments(locale: Locale, values: Values | undefined): Values | undefined {
  if (!values) return values;
  let out: Values | undefined;
  for (const [name, v] of Object.entries(values)) {
    if (!name.endsWith('At') || !(typeof v === 'string' || v instanceof Date)) continue;
    const at = new Date(v);
    if (Number.isNaN(at.getTime())) continue;
    out ??= { ...values };
    out[name] = lagosDateTime(locale, at);
  }
  return out ?? values;
}

/** A message of `locale`'s catalog by its key, with its ICU values (moments named `…At`, see withMoments). */
export const tr = (locale: Locale, key: string, values?: Values): string =>
  instance(locale)._(key, withMoments(locale, values));

/** A translator bound to one language. */
export type Tr = (key: string, values?: Values) => string;
export const translator =
  (locale: Locale): Tr =>
  (key, values) =>
    tr(locale, key, values);

/** The Intl locale that dates and numbers are written in for `locale`: `<lang>-NG` where Node has it, else `en-NG`. */
export function intlLocale(locale: Locale): string {
  const regional = `${locale}-NG`;
  return Intl.DateTimeFormat.supportedLocalesOf([regional]).length ? regional : 'en-NG';
}

/** The language of a person: their account's choice when it is one of ours, else English. */
export const localeOf = (language: string | null | undefined): Locale =>
  isLocale(language) ? language : SOURCE_LOCALE;

/**
 * A moment in Lagos time as messages write it: "12 January 2027, 09:00 WAT" in English, in the language's own
 * date form (`intlLocale`) otherwise.
 */
export function lagosDateTime(locale: Locale, at: Date): string {
  if (locale === SOURCE_LOCALE) return lagosText(at);
  const shown = new Intl.DateTimeFormat(intlLocale(locale), LAGOS_DATE_TIME);
  return `${shown.format(at)} WAT`;
}

/** A moment in UTC: the form of `Date.toUTCString()` in English, the language's own full date form otherwise. */
export function utcDateTime(locale: Locale, at: Date): string {
  if (locale === SOURCE_LOCALE) return at.toUTCString();
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: 'UTC',
    dateStyle: 'full',
    timeStyle: 'long',
  }).format(at);
}
