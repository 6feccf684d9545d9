// Zod-free: the caption languages the tutor picks from, read by the edit screen and the server.

/** The languages offered first, each named in itself; any other BCP-47 tag may be typed in. */
export const CAPTION_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'pcm', label: 'Naijá' },
  { code: 'yo', label: 'Yorùbá' },
  { code: 'ha', label: 'Hausa' },
  { code: 'ig', label: 'Igbo' },
] as const;

/** A BCP-47 language tag as captions take it: a 2-3 letter language, then subtags (`pt-BR`, `sr-Latn`). */
export const CAPTION_LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/** The largest caption file taken, in bytes. */
export const MAX_CAPTION_BYTES = 1024 * 1024;

/** The shortest and longest transcript search. */
export const TRANSCRIPT_SEARCH_MIN = 2;
export const TRANSCRIPT_SEARCH_MAX = 100;

/** The name a caption language shows under when the tutor gave none: ours, else the code itself. */
export const captionLanguageLabel = (code: string): string =>
  CAPTION_LANGUAGES.find((l) => l.code === code.toLowerCase())?.label ?? code;
