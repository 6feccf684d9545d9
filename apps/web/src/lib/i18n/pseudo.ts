/**
 * The pseudo-locale (docs/i18n.md, "The pseudo-locale"): English with every ASCII letter swapped for an accented
 * look-alike ("Cart" → "Çáŕţ"), made from en.po when the build compiles `en.po?pseudo` (vite.config.ts's
 * `poCatalogs` passes this to Lingui's compiler, which applies it to the literal text only: value names, plural and
 * select forms and their `#` are kept, so every message formats as in English). Its words stay readable, yet a
 * string that does not come from the catalogs stands out as plain ASCII. Node only (the build), never the browser.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçďéƒğĥíĵķļḿñóṕʠŕšţúṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĻḾÑÓṔǪŔŠŢÚṼŴẊÝŽ';
const LOOK_ALIKE = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]!]));

/** A literal text with each ASCII letter accented. */
export const pseudoText = (text: string): string => text.replace(/[A-Za-z]/g, (c) => LOOK_ALIKE.get(c) ?? c);
