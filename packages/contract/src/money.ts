// Money is stored as integer kobo (1 naira = 100 kobo) and answered as naira. Every conversion goes through these
// two, so the rounding (to the nearest kobo) is decided here only.

/** Naira (what the API takes) → integer kobo (what is stored), rounded to the nearest kobo. */
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

/** Kobo (what is stored) → naira (what the API answers). */
export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;
