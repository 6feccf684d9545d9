import { createHash, createHmac } from 'node:crypto';

/** Crockford's base32 (no I, L, O, U): what a person can read out and type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A gift's code (16 characters, 80 bits): an HMAC of the gift's id and generation keyed from the JWT secret, so it
 * is never stored. Passing the gift on raises the generation, and the old code stops working.
 */
export function giftCode(jwtSecret: string, giftId: number, generation: number): string {
  const mac = createHmac('sha256', jwtSecret).update(`gift:${giftId}:${generation}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of mac.subarray(0, 10)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A code as typed (any case, spaces, dashes) in the form the codes are made in. */
export const normalGiftCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** `ABCD-EFGH-JKMN-PQRS`, as the email shows it. */
export const formatGiftCode = (code: string): string => normalGiftCode(code).replace(/(.{4})(?=.)/g, '$1-');

/** What the database keeps to find a gift from its code. */
export const giftCodeHash = (code: string): string =>
  createHash('sha256').update(normalGiftCode(code)).digest('hex');

/** The clock gifts are sent on: tests move it forward (`giftClock.advance`) instead of waiting for the day. */
export const giftClock = {
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
  advance(ms: number) {
    this.offsetMs += ms;
  },
  /** A time on the gift clock as the real time a job must run at. */
  toRealTime(at: Date): Date {
    return new Date(at.getTime() - this.offsetMs);
  },
};

const LAGOS_OFFSET_MS = 60 * 60 * 1000; // West Africa Time, UTC+1 all year.

/** Today's date in Lagos (`YYYY-MM-DD`) at `now`. */
export const lagosDay = (now: Date): string =>
  new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** When a gift for the Lagos day `sendOn` is emailed: 08:00 Lagos time that day. */
export const giftSendAt = (sendOn: string): Date => new Date(`${sendOn}T07:00:00.000Z`);
