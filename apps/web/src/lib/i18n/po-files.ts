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
