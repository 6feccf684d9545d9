/**
 * A language's catalog on disk (docs/i18n.md): `src/locales/<locale>.po` and, after it, each area's
 * `src/locales/<area>/<locale>.po` in the areas' alphabetical order. The build compiles them into one chunk per
 * language; the catalog check reads them as one. Node only (the build and the tests), never the browser.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The files of a language's catalog: the main one first, then the areas'. */
export function catalogFiles(localesDir: string, locale: string): string[] {
  const areas = readdirSync(localesDir)
    .filter((name) => statSync(path.join(localesDir, name)).isDirectory())
    .sort()
    .map((area) => path.join(localesDir, area, `${locale}.po`))
    .filter((file) => existsSync(file));
  return [path.join(localesDir, `${locale}.po`), ...areas];
}

/** The text of a language's catalog: its files one after the other. */
export const catalogText = (localesDir: string, locale: string): string =>
  catalogFiles(localesDir, locale)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

/**
 * The keys of the area catalogs that the first screens name (the server-rendered pages, the frame, the first
 * bundle's toasts): each language's first chunk holds them with the main catalog, so a page hydrates and its first
 * taps speak before the rest of the words arrive (docs/i18n.md; first-chunk.test.ts checks it covers them).
 */
export const FIRST_SCREEN_KEYS = /^(certificates\.|search\.|addToCart\.|cartPanel\.waitlist|orders\.status$)/;
