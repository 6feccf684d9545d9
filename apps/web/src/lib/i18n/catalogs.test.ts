/**
 * The catalog check (docs/i18n.md): every catalog has exactly the English catalog's keys, each message is ICU that
 * parses, with the same values as the English and the plural forms CLDR gives its language; every key the code uses
 * is in the catalogs and every key in them is used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo, type PoEntry } from '@app/contract/po';
import { catalogProblems, duplicateKeys } from '@app/contract/po-check';
import { catalogText } from './po-files.ts';

const SRC = path.resolve(import.meta.dirname, '../..');
const catalog = (locale: string): PoEntry[] => parsePo(catalogText(path.join(SRC, 'locales'), locale));
const english = catalog(SOURCE_LOCALE);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

describe('the catalogs', () => {
  it('English has each key once, with its text as its source', () => {
    expect(duplicateKeys(english)).toEqual([]);
    expect(english.filter((e) => e.translation !== e.source).map((e) => e.key)).toEqual([]);
  });

  for (const locale of LOCALES)
    it(`${locale}: every key of the English catalog and no other, each once, translated from its source, ICU that parses with the English values and CLDR's plural forms`, () => {
      expect(catalogProblems(locale, catalog(locale), english)).toEqual([]);
    });

  it('has every key the code names, and every key in it is named by the code', () => {
    const code = sourceFiles(SRC)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const used = new Set([...code.matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((m) => m[1]!));
    const keys = new Set(english.map((e) => e.key));
    expect([...used].filter((k) => !keys.has(k))).toEqual([]);
    expect(english.filter((e) => !code.includes(`'${e.key}'`)).map((e) => e.key)).toEqual([]);
  });
});
