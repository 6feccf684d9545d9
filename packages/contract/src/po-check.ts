/**
 * The check of a language's catalog against the English one (docs/i18n.md), for the web's catalogs and the API's:
 * the same keys, each once; each translation made from the English catalog's source and not empty; each message ICU
 * that parses, naming the values of the English, with exactly CLDR's plural forms for its language. Used by tests.
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { PoEntry } from './po.ts';

type Found = { values: Set<string>; plurals: Set<string>[] };
/** The values a compiled message names and the set of forms of each plural in it. */
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

/** The keys found more than once. */
export const duplicateKeys = (entries: PoEntry[]): string[] => {
  const keys = entries.map((e) => e.key);
  return keys.filter((k, i) => keys.indexOf(k) !== i);
};

/** What is wrong with `locale`'s catalog `entries` against the English `english`, one line each; [] when nothing. */
export function catalogProblems(locale: string, entries: PoEntry[], english: PoEntry[]): string[] {
  const englishByKey = new Map(english.map((e) => [e.key, e]));
  const keys = new Set(entries.map((e) => e.key));
  const problems: string[] = [
    ...english.filter((e) => !keys.has(e.key)).map((e) => `${e.key}: missing`),
    ...entries.filter((e) => !englishByKey.has(e.key)).map((e) => `${e.key}: not in the English catalog`),
    ...duplicateKeys(entries).map((k) => `${k}: more than once`),
    ...entries
      .filter((e) => englishByKey.has(e.key) && englishByKey.get(e.key)!.source !== e.source)
      .map((e) => `${e.key}: translated from another English source`),
    ...entries.filter((e) => e.translation.trim() === '').map((e) => `${e.key}: empty`),
  ];
  const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort().join(',');
  for (const e of entries) {
    let found: Found;
    try {
      found = walk(compileMessageOrThrow(e.translation));
    } catch (err) {
      problems.push(`${e.key}: does not parse (${(err as Error).message})`);
      continue;
    }
    const source = walk(compileMessageOrThrow(englishByKey.get(e.key)?.translation ?? ''));
    if ([...found.values].sort().join(',') !== [...source.values].sort().join(','))
      problems.push(`${e.key}: values differ from English`);
    for (const forms of found.plurals) {
      const have = [...forms].sort().join(',');
      if (have !== categories) problems.push(`${e.key}: plural forms ${have}, CLDR's are ${categories}`);
    }
  }
  return problems;
}
