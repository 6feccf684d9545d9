import type { ReactNode } from 'react';

type Item = string | { code: string; description: string };

/** A select's options: the empty choice (`placeholder`) first, then one per item (a string, or a code and its text). */
export function Options({ placeholder, items }: { placeholder: ReactNode; items: readonly Item[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => {
        const [value, text] = typeof item === 'string' ? [item, item] : [item.code, item.description];
        return (
          <option key={value} value={value}>
            {text}
          </option>
        );
      })}
    </>
  );
}
