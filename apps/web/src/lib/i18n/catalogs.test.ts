/**
 * The catalog check (docs/i18n.md): every catalog has exactly the English catalog's keys, each message is ICU that
 * parses, with the same values as the English and the plural forms CLDR gives its language; every key the code uses
 * is in the catalogs and every key in them is used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo, type PoEntry } from './po.ts';
import { catalogText } from './po-files.ts';

const SRC = path.resolve(import.meta.dirname, '../..');
const catalog = (locale: string): PoEntry[] => parsePo(catalogText(path.join(SRC, 'locales'), locale));
const english = catalog(SOURCE_LOCALE);
const englishByKey = new Map(english.map((e) => [e.key, e]));

type Found = { values: Set<string>; plurals: Set<string>[] };
/** The values a compiled message names and the set of forms of each plural/selectordinal in it. */
function walk(message: CompiledMessage, found: Found = { values: new Set(), plurals: [] }): Found {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.values.add(name);
    if (format && typeof format === 'object' && (type === 'plural' || type === 'select')) {
      const forms = Object.keys(format).filter((k) => k !== 'offset');
      if (type === 'plural') found.plurals.push(new Set(forms.filter((f) => !f.startsWith('='))));
      for (const f of forms) walk((format as Record<string, CompiledMessage>)[f]!, found);
    }
  }
  return found;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

describe('the catalogs', () => {
  it('English has each key once, with its text as its source', () => {
    const keys = english.map((e) => e.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(english.filter((e) => e.translation !== e.source).map((e) => e.key)).toEqual([]);
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const entries = catalog(locale);
      const keys = new Set(entries.map((e) => e.key));

      it('has every key of the English catalog and no other, each once', () => {
        expect(english.filter((e) => !keys.has(e.key)).map((e) => e.key)).toEqual([]);
        expect(entries.filter((e) => !englishByKey.has(e.key)).map((e) => e.key)).toEqual([]);
        expect(keys.size).toBe(entries.length);
      });

      it("translates each message from the English catalog's source", () => {
        const stale = entries.filter((e) => englishByKey.get(e.key)?.source !== e.source);
        expect(stale.map((e) => e.key)).toEqual([]);
        expect(entries.filter((e) => e.translation.trim() === '').map((e) => e.key)).toEqual([]);
      });

      it('has ICU messages that parse, with the values of the English and the plural forms of CLDR', () => {
        const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
        const problems: string[] = [];
        for (const e of entries) {
          let found: Found;
          try {
            found = walk(compileMessageOrThrow(e.translation));
          } catch (err) {
            problems.push(`${e.key}: does not parse (${(err as Error).message})`);
            continue;
          }
          const source = walk(compileMessageOrThrow(englishByKey.get(e.key)?.translation ?? ''));
          const want = [...source.values].sort().join(',');
          if ([...found.values].sort().join(',') !== want)
            problems.push(`${e.key}: values differ from English`);
          for (const forms of found.plurals) {
            const have = [...forms].sort().join(',');
            const cldr = [...categories].sort().join(',');
            if (have !== cldr) problems.push(`${e.key}: plural forms ${have}, CLDR's are ${cldr}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }

  it('has every key the code names, and every key in it is named by the code', () => {
    const code = sourceFiles(SRC)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const used = new Set([...code.matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((m) => m[1]!));
    expect([...used].filter((k) => !englishByKey.has(k))).toEqual([]);
    expect(english.filter((e) => !code.includes(`'${e.key}'`)).map((e) => e.key)).toEqual([]);
  });
});
