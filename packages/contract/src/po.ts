/**
 * The PO catalogs (the web's apps/web/src/locales/, the API's apps/api/src/i18n/locales/; docs/i18n.md) read as
 * entries: `msgctxt` is the message's key, `msgid` the English source text, `msgstr` the translation (an ICU
 * message), `#, fuzzy` marks a translation a native speaker should review, `#.` lines are notes for translators.
 * Used by the web's build (vite.config.ts compiles each catalog into its own chunk), the API (which compiles its own
 * at start) and the catalog checks; never by the browser.
 */
export type PoEntry = { key: string; source: string; translation: string; fuzzy: boolean; notes: string[] };

const unquote = (line: string, at: number): string => {
  const text = line.slice(line.indexOf('"', at) + 1, line.lastIndexOf('"'));
  return text.replace(/\\(.)/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : c === '"' ? '"' : c === '\\' ? '\\' : c,
  );
};

/** The entries of a PO file, in order, without its header entry (the one with an empty msgid and no msgctxt). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {};
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let fuzzy = false;
  let notes: string[] = [];
  const flush = () => {
    if (current.msgid !== undefined && current.msgctxt !== undefined)
      entries.push({
        key: current.msgctxt,
        source: current.msgid,
        translation: current.msgstr ?? '',
        fuzzy,
        notes,
      });
    current = {};
    field = null;
    fuzzy = false;
    notes = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) {
      if (current.msgid !== undefined) flush();
      if (line.startsWith('#,')) fuzzy ||= /\bfuzzy\b/.test(line);
      else if (line.startsWith('#.')) notes.push(line.slice(2).trim());
      continue;
    }
    const m = /^(msgctxt|msgid|msgstr)\s/.exec(line);
    if (m) {
      const name = m[1] as 'msgctxt' | 'msgid' | 'msgstr';
      // A new entry begins without a blank line before it.
      if (
        (name === 'msgctxt' && current.msgid !== undefined) ||
        (name === 'msgid' && current.msgstr !== undefined)
      )
        flush();
      field = name;
      current[name] = unquote(line, name.length);
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line, 0);
    }
  }
  flush();
  return entries;
}

const quote = (text: string) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** One entry as PO text (the form the catalogs are written in). */
export function formatPoEntry(entry: PoEntry): string {
  return [
    ...entry.notes.map((n) => `#. ${n}`),
    ...(entry.fuzzy ? ['#, fuzzy'] : []),
    `msgctxt ${quote(entry.key)}`,
    `msgid ${quote(entry.source)}`,
    `msgstr ${quote(entry.translation)}`,
  ].join('\n');
}
