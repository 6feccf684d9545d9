/**
 * The server's sentences in the visitor's language (docs/i18n.md, "Refusals"): every fixed refusal sentence of the
 * API and every fixed message of the contract's schemas has its entry in the web's table, each entry's key is in the
 * refusals catalog with that very English, and the lookup shows the translation (English as it came).
 */
import path from 'node:path';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo } from '@app/contract/po';
import { catalogText } from './po-files.ts';
import { activateLocale } from './index.ts';
import { REFUSAL_KEYS, REFUSAL_PATTERNS } from './refusal-table.ts';
import { translateRefusal } from './refusals.ts';
import { apiRefusals, apiTemplates, contractMessages, type Found } from '@/test/refusal-sources.ts';

const english = new Map(
  parsePo(catalogText(path.resolve(import.meta.dirname, '../../locales'), SOURCE_LOCALE)).map((e) => [
    e.key,
    e.source,
  ]),
);

const known = (text: string) =>
  text in REFUSAL_KEYS || REFUSAL_PATTERNS.some(([pattern]) => pattern.test(text));

/** The parts of a sentence the lookup translates on their own (`refusals.ts`). */
const NESTED = ['detail', 'more', 'label', 'kind'];

/**
 * A sentence built with values the web shows translated: a fixed one, or one a pattern matches whose parts
 * translated on their own are known too; a field in front of it as `translateRefusal` keeps it.
 */
const translated = (text: string): boolean => {
  if (text in REFUSAL_KEYS) return true;
  for (const [pattern] of REFUSAL_PATTERNS) {
    const groups = pattern.exec(text)?.groups;
    if (pattern.test(text))
      return NESTED.every((name) => groups?.[name] === undefined || translated(groups[name]!));
  }
  const field = /^([\w.[\]]+): (.+)$/s.exec(text);
  return field ? translated(field[2]!) : false;
};
const missing = (found: Found[]) => [
  ...new Set(found.filter((f) => !known(f.text)).map((f) => `${f.file}: ${f.text}`)),
];

/**
 * The sentences built with values that no screen of the web shows, so the table has no pattern for them: answers to
 * calls the web does not make as sent (an unknown API route, a byte range of a media file) and the server's setup.
 */
const NOT_SHOWN = new Set<string>([
  // An API call the web does not have (the web calls only the contract's operations).
  "`No such API call: ${req.method} ${req.url.split('?')[0]}`",
  // A byte range of a media file: the browser's player asks for it and reads the status, never the words.
  '`The requested range is outside the file (${st.size} bytes).`',
  // A caption file's refusal: checked by its details, each `new CaptionFileError(line, detail)` of the API.
  '`${fileName}: ${err.message}`',
]);

afterEach(() => activateLocale('en'));

/** A month's name in the active language, as the catalog writes it. */
const translateMonth = (month: string) => i18n._('calendar.monthLong', { month });

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

  it(
    'matches every sentence the API builds with values with a pattern (add one to refusal-table.ts)',
    { timeout: 60_000 },
    () => {
      const templates = apiTemplates();
      expect(templates.length).toBeGreaterThan(40);
      const unmatched = templates
        .filter((t) => !NOT_SHOWN.has(t.source) && !t.samples.some(translated))
        .map((t) => `${t.file}: ${t.source}`);
      expect(unmatched).toEqual([]);
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

  it('translates a quiz’s and a rubric’s details with the question’s number kept', async () => {
    await activateLocale('ha');
    expect(translateRefusal('Question 3: a single-choice question needs exactly one right option.')).toBe(
      'Tambaya ta 3: tambaya mai zaɓi ɗaya tana buƙatar zaɓi ɗaya daidai kacal.',
    );
    expect(translateRefusal('Question 2: question id 41 appears twice.')).toBe(
      'Tambaya ta 2: tambaya mai id 41 ya bayyana sau biyu.',
    );
    expect(translateRefusal('Question 7 is answered twice.')).toBe('An amsa tambaya 7 sau biyu.');
    await activateLocale('yo');
    expect(translateRefusal('Criterion 2: level id 9 is not in this rubric.')).toBe(
      'Òṣùwọ̀n 2: ìpele id 9 kò sí nínú rubric yìí.',
    );
  });

  it('writes a late deadline’s moment with the month in the active language', async () => {
    await activateLocale('ha');
    expect(
      translateRefusal(
        'This assignment was due on 14 March 2026, 23:59 WAT. Late submissions are not accepted.',
      ),
    ).toBe(
      'Wa’adin wannan aiki ya kasance 14 Maris 2026, 23:59 WAT. Ba a karɓar aikin da aka miƙa a makare.',
    );
    await activateLocale('ig');
    expect(translateRefusal('This lesson opens on 2 June 2026, 09:00 WAT.')).toBe(
      `Nkuzi a ga-emepe na 2 ${translateMonth('m6')} 2026, 09:00 WAT.`,
    );
    expect(translateRefusal('This lesson opens on 2 June 2026, 09:00 WAT.')).not.toContain('June');
  });

  it('keeps the amounts of a payment that does not match', async () => {
    await activateLocale('ig');
    expect(translateRefusal('The amount paid (₦4,500) does not match the order total (₦5,000).')).toBe(
      'Ego akwụrụ (₦4,500) adabaghị na mkpokọta ịtụ ahịa (₦5,000).',
    );
    expect(translateRefusal('The payment was made in USD, not naira.')).toBe(
      'E ji USD kwụọ ụgwọ ahụ, ọ bụghị naira.',
    );
  });

  it('translates zod’s own wording, with the field the API put in front', async () => {
    await activateLocale('pcm');
    expect(translateRefusal('title: Too small: expected string to have >=3 characters')).toBe(
      'title: Write at least 3 letters',
    );
    expect(translateRefusal('Invalid input: expected string, received number')).toBe(
      'Wetin you enter no correct: we expect text, but we get number',
    );
    await activateLocale('ha');
    expect(translateRefusal('rating: Too big: expected number to be <=5')).toBe(
      'rating: Lamba kada ta wuce 5',
    );
  });

  it('translates each sentence of a wrong code and the pause it brought', async () => {
    await activateLocale('yo');
    expect(
      translateRefusal(
        'This code was just used. Wait for the next one. Too many wrong codes. Please wait 3 minutes and try again.',
      ),
    ).toBe(
      `A ṣẹ̀ṣẹ̀ lo kóòdù yìí. Dúró de èyí tí ó kàn. ${translateRefusal('Too many wrong codes. Please wait 3 minutes and try again.')}`,
    );
    expect(translateRefusal('Too many wrong codes. Please wait 3 minutes and try again.')).not.toContain(
      'Please wait',
    );
  });

  it('translates a caption file’s refusal and keeps its name and line', async () => {
    await activateLocale('ig');
    expect(
      translateRefusal('lesson 1.srt: Line 12: the cue ends (00:04.000) before it starts (00:06.000).'),
    ).toBe('lesson 1.srt: Ahịrị 12: cue ahụ na-akwụsị (00:04.000) tupu ọ malite (00:06.000).');
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
