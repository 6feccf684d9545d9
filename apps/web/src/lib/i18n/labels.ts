import { t } from './index.ts';

/**
 * A table of words by value (an order's status, a channel…) whose entries are catalog keys, read in the active
 * language each time an entry is read: `LABELS[status]` stays the call, and the words follow a language change.
 */
export function translatedLabels<K extends string>(keys: Record<K, string>): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>;
  for (const value of Object.keys(keys) as K[])
    Object.defineProperty(labels, value, { get: () => t(keys[value]), enumerable: true });
  return labels;
}
