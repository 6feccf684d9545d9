/**
 * The server's sentences in the visitor's language (docs/i18n.md, "Refusals"): the API answers a refusal with an
 * English sentence (the spec's client reads it) and the contract's schemas hold English messages; the web looks each
 * up in `refusal-table.ts` (the sentence → its catalog key, `src/locales/refusals/`) and shows the translation. A
 * sentence the table does not know is shown as it came. English is shown verbatim, without the table.
 */
import { i18n } from '@lingui/core';
import { SOURCE_LOCALE } from '@app/contract/locales';
import type * as TableModule from './refusal-table.ts';

type Values = Record<string, unknown>;

type Table = typeof TableModule;
let table: Table | undefined;
let loading: Promise<void> | undefined;

/** Loads the table (once), with the first catalog of a language other than English. */
export function loadRefusalTable(): Promise<void> {
  loading ??= import('./refusal-table.ts').then((m) => {
    table = m;
  });
  return loading;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type T = (key: string, values?: Values) => string;

/**
 * A value of a pattern's match: a sentence of its own (`detail`, `more`: the part after "Question 3: ", the pause
 * after a wrong code) and a named part (`label`, `kind`) in the active language where the table knows them, an
 * English month's name (`month`) as the catalog's, a number where it is one (for `plural`), else the text.
 */
function valueOf(name: string, text: string, t: T): string | number {
  if (NESTED.has(name)) return lookUp(text, t) ?? text;
  const month = name === 'month' ? MONTHS.indexOf(text) : -1;
  if (month >= 0) return t('calendar.monthLong', { month: `m${month + 1}` });
  return /^\d+$/.test(text) ? Number(text) : text;
}
const NESTED = new Set(['detail', 'more', 'label', 'kind']);

function lookUp(message: string, t: T): string | undefined {
  if (!table) return undefined;
  const key = table.REFUSAL_KEYS[message];
  if (key) return t(key);
  for (const [pattern, patternKey] of table.REFUSAL_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([k, v]) => [k, valueOf(k, v ?? '', t)]),
    );
    return t(patternKey, values);
  }
  return undefined;
}

/**
 * The server's (or a schema's) English `message` in the active language; as it is in English, or when the table has
 * no entry. A message the API prefixed with its field (`courseId: must be a whole number`) keeps the prefix.
 */
export function translateRefusal(message: string): string {
  if (!message || (i18n.locale || SOURCE_LOCALE) === SOURCE_LOCALE) return message;
  const t = (key: string, values?: Values) => i18n._(key, values);
  const whole = lookUp(message, t);
  if (whole !== undefined) return whole;
  const field = /^([\w.[\]]+): (.+)$/s.exec(message);
  const rest = field && lookUp(field[2]!, t);
  return rest ? `${field[1]}: ${rest}` : message;
}
