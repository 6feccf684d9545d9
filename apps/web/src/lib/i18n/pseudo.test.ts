import { describe, expect, it } from 'vitest';
import { messages as english } from '@/locales/en.po';
import { messages as pseudo } from '@/locales/en.po?pseudo';
import { pseudoText } from './pseudo.ts';

type Compiled = string | (string | [string, string?, unknown?])[];

/** A compiled message's literal texts and its values' names, in order. */
function parts(message: Compiled, literals: string[] = [], names: string[] = []) {
  if (typeof message === 'string') literals.push(message);
  else
    for (const token of message) {
      if (typeof token === 'string') {
        literals.push(token);
        continue;
      }
      names.push(token[0]);
      const forms = token[2];
      if (forms && typeof forms === 'object')
        for (const [form, inner] of Object.entries(forms))
          if (form !== 'offset') parts(inner as Compiled, literals, names);
    }
  return { literals, names };
}

describe('the pseudo-locale', () => {
  it('accents every ASCII letter and nothing else', () => {
    expect(pseudoText('Cart, 2 items — ₦5,000!')).toBe('Çáŕţ, 2 íţéḿš — ₦5,000!');
    expect(pseudoText('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')).not.toMatch(/[A-Za-z]/);
  });

  it('has every message of en.po, its literal text accented and its values, plurals and selects kept', () => {
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(english)) {
      const source = parts(message as Compiled);
      const accented = parts(pseudo[key] as Compiled);
      expect(accented.names, key).toEqual(source.names);
      expect(accented.literals, key).toEqual(source.literals.map(pseudoText));
      expect(accented.literals.join(''), key).not.toMatch(/[A-Za-z]/);
    }
  });
});
