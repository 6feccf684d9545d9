/**
 * The server's sentences in the visitor's language (docs/i18n.md, "Refusals"): every fixed refusal sentence of the
 * API and every fixed message of the contract's schemas has its entry in the web's table, each entry's key is in the
 * refusals catalog with that very English, and the lookup shows the translation (English as it came).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo } from '@app/contract/po';
import { catalogText } from './po-files.ts';
import { activateLocale } from './index.ts';
import { REFUSAL_KEYS, REFUSAL_PATTERNS } from './refusal-table.ts';
import { translateRefusal } from './refusals.ts';
import { apiRefusals, contractMessages, type Found } from '@/test/refusal-sources.ts';

const english = new Map(
  parsePo(catalogText(path.resolve(import.meta.dirname, '../../locales'), SOURCE_LOCALE)).map((e) => [
    e.key,
    e.source,
  ]),
);

const known = (text: string) =>
  text in REFUSAL_KEYS || REFUSAL_PATTERNS.some(([pattern]) => pattern.test(text));
const missing = (found: Found[]) => [
  ...new Set(found.filter((f) => !known(f.text)).map((f) => `${f.file}: ${f.text}`)),
];

afterEach(() => activateLocale('en'));

describe('the table of the server’s sentences', () => {
  // Reading and parsing the sources takes a few seconds on a loaded machine.
  it(
    'has every fixed refusal sentence of the API (add a new one to refusal-table.ts and the refusals catalogs)',
    {
      timeout: 60_000,
    },
    () => {
      const found = apiRefusals();
      expect(found.length).toBeGreaterThan(150);
      expect(missing(found)).toEqual([]);
    },
  );

  it('has every fixed message of the contract’s schemas', { timeout: 60_000 }, () => {
    const found = contractMessages();
    expect(found.length).toBeGreaterThan(100);
    expect(missing(found)).toEqual([]);
  });

  it('names keys of the refusals catalog whose English is the sentence itself', () => {
    const wrong = Object.entries(REFUSAL_KEYS).filter(([text, key]) => english.get(key) !== text);
    expect(wrong).toEqual([]);
    expect(REFUSAL_PATTERNS.map(([, key]) => key).filter((key) => !english.has(key))).toEqual([]);
  });
});

describe('translateRefusal', () => {
  it('shows the English sentence as it came', async () => {
    await activateLocale('en');
    expect(translateRefusal('Invalid email or password')).toBe('Invalid email or password');
  });

  it('shows a fixed sentence in the active language', async () => {
    await activateLocale('yo');
    expect(translateRefusal('Invalid email or password')).toBe('Ímeèlì tàbí ọ̀rọ̀ aṣínà kò tọ́');
    await activateLocale('ha');
    expect(translateRefusal('Enter a valid email address')).toBe('Shigar da adireshin imel mai inganci');
  });

  it('fills a sentence built with values from what it says', async () => {
    await activateLocale('pcm');
    expect(translateRefusal('You already own "Intro to Go". Remove it from your cart.')).toBe(
      'You don already get "Intro to Go". Comot am from your cart.',
    );
    await activateLocale('yo');
    expect(
      translateRefusal('Too many failed sign-ins for this account. Please wait 3 minutes and try again.'),
    ).toBe('Ìgbìyànjú ìwọlé tí kò yọrí ti pọ̀ jù fún àkọọ́lẹ̀ yìí. Jọ̀wọ́ dúró fún ìṣẹ́jú 3 kí o tún gbìyànjú.');
    await activateLocale('ha');
    expect(
      translateRefusal(
        'A course can have at most 2 announcements in 7 days. You can send the next one in 3 days.',
      ),
    ).toBe('Kwas yana iya samun sanarwa 2 a mafi yawa cikin kwanaki 7. Kana iya aika na gaba bayan kwana 3.');
    expect(translateRefusal('There is no tutor account with this email.')).toBe(
      'Babu asusun malami mai wannan imel.',
    );
    await activateLocale('ig');
    expect(translateRefusal('The code is not correct. You have 1 try left.')).toBe(
      'Koodu ahụ ezighi ezi. I nwere ohere 1 fọdụrụ.',
    );
  });

  it('keeps the field the API put in front of a message', async () => {
    await activateLocale('yo');
    expect(translateRefusal('courseId: must be a whole number')).toBe(
      `courseId: ${translateRefusal('must be a whole number')}`,
    );
    expect(translateRefusal('courseId: must be a whole number')).not.toBe('courseId: must be a whole number');
  });

  it('shows a sentence the table does not know as it came', async () => {
    await activateLocale('ig');
    expect(translateRefusal('A sentence no table has.')).toBe('A sentence no table has.');
  });
});
