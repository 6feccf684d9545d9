/**
 * The server's catalogs (src/i18n/locales, docs/i18n.md) pass the same check as the web's: every language has the
 * English keys and no other, translated from their source, ICU that parses with the English values and CLDR's plural
 * forms; every key the server's code names is in them and every key in them is named; and a message comes out in the
 * language asked for.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo } from '@app/contract/po';
import { catalogProblems, duplicateKeys } from '@app/contract/po-check';
import { catalogsFolder, lagosDateTime, localeOf, tr } from './index.ts';

const catalog = (locale: string) => parsePo(readFileSync(path.join(catalogsFolder, `${locale}.po`), 'utf8'));
const english = catalog(SOURCE_LOCALE);
const SRC = path.resolve(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });

describe("the server's catalogs", () => {
  it('English has each key once, with its text as its source', () => {
    expect(duplicateKeys(english)).toEqual([]);
    expect(english.filter((e) => e.translation !== e.source).map((e) => e.key)).toEqual([]);
  });

  for (const locale of LOCALES)
    it(`${locale}: the English keys, translated from their source, ICU with the English values and CLDR's plurals`, () => {
      expect(catalogProblems(locale, catalog(locale), english)).toEqual([]);
    });

  it('has every key the code names, and every key in it is named by the code', () => {
    const code = sourceFiles(SRC)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // t('key', …) and tr(locale, 'key', …), the locale a name or a quoted tag.
    const used = new Set(
      [...code.matchAll(/\bt\(\s*'([\w.-]+)'|\btr\(\s*(?:\w+|'\w+'),\s*'([\w.-]+)'/g)].map(
        (m) => (m[1] ?? m[2])!,
      ),
    );
    // A notification's or an email's key is named in an object ({ key: 'notice.…' }), not in a call.
    for (const m of code.matchAll(/'((?:notice|email|receipt|head)\.[\w.-]+)'/g)) used.add(m[1]!);
    const keys = new Set(english.map((e) => e.key));
    expect([...used].filter((k) => !keys.has(k))).toEqual([]);
    expect(english.filter((e) => !code.includes(`'${e.key}'`)).map((e) => e.key)).toEqual([]);
  });

  it("writes a message in the language asked for, and a person's language is English unless they chose one of ours", () => {
    expect(tr('yo', 'head.search.title')).toBe('Wá ẹ̀kọ́ | DevLearn');
    expect(tr('en', 'head.category.title', { name: 'Data' })).toBe('Data courses | DevLearn');
    // A value named …At is a moment, written in Lagos time in the language's form.
    const due = { title: 'Quiz', cohort: 'C', whenAt: '2027-01-12T17:00:00.000Z' };
    expect(tr('en', 'notice.deadlineReminder', due)).toBe(
      '"Quiz" in C is due on 12 January 2027, 18:00 WAT.',
    );
    expect(tr('ig', 'notice.deadlineReminder', due)).toBe(
      `Oge njedebe "Quiz" na C bụ ${lagosDateTime('ig', new Date(due.whenAt))}.`,
    );
    expect(lagosDateTime('ig', new Date(due.whenAt))).toMatch(/2027.*18:00 WAT$/);
    expect(localeOf('ha')).toBe('ha');
    expect(localeOf('fr')).toBe('en');
    expect(localeOf(null)).toBe('en');
  });
});
