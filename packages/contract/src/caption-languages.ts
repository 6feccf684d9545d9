// Zod-free: the caption languages the tutor picks from, read by the edit screen and the server.
import { LANGUAGE_TAG_PATTERN, LOCALE_NAMES, LOCALES, languageLabel } from './locales.ts';

/** The languages offered first (the app's), each named in itself; any other BCP-47 tag may be typed in. */
export const CAPTION_LANGUAGES = LOCALES.map((code) => ({ code, label: LOCALE_NAMES[code] }));

/** A BCP-47 language tag as captions take it: a 2-3 letter language, then subtags (`pt-BR`, `sr-Latn`). */
export const CAPTION_LANGUAGE_PATTERN = LANGUAGE_TAG_PATTERN;

/** The largest caption file taken, in bytes. */
export const MAX_CAPTION_BYTES = 1024 * 1024;

/** The shortest and longest transcript search. */
export const TRANSCRIPT_SEARCH_MIN = 2;
export const TRANSCRIPT_SEARCH_MAX = 100;

/** The name a caption language shows under when the tutor gave none: ours, else the code itself. */
export const captionLanguageLabel = languageLabel;
