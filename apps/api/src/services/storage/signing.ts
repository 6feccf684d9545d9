import { createHmac, timingSafeEqual } from 'node:crypto';

/** Videos and resources are signed for about two hours: long enough to watch, short enough to stop sharing. */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;

/** Storage keys look like `videos/<name>`; anything else (slashes, `..`) is refused before touching storage. */
const KEY = /^(images|videos|resources)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
export const isValidKey = (key: string) => KEY.test(key) && !key.includes('..');

/** The public path of a stored object: `/media/<key>`. Images are served from it as they are. */
export const mediaPath = (key: string) => `/media/${key}`;

// A key of its own (derived from the JWT secret) so a media signature can never pass as anything else.
const signingKey = (secret: string) => createHmac('sha256', secret).update('devlearn media url v1').digest();

function signature(secret: string, key: string, viewerId: number, exp: number) {
  return createHmac('sha256', signingKey(secret)).update(`${key}\n${viewerId}\n${exp}`).digest('base64url');
}

/** `/media/<key>?exp=&v=&sig=`: lets viewer `viewerId` fetch `key` until `exp` (epoch seconds). */
export function signMediaPath(secret: string, key: string, viewerId: number, exp: number): string {
  const sig = signature(secret, key, viewerId, exp);
  return `${mediaPath(key)}?exp=${exp}&v=${viewerId}&sig=${sig}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'expired' | 'invalid';

/** Checks a signed media URL's query in constant time; `now` in epoch seconds. */
export function verifyMediaSignature(
  secret: string,
  key: string,
  query: { exp?: unknown; v?: unknown; sig?: unknown },
  now = Math.floor(Date.now() / 1000),
): SignatureCheck {
  const { exp, v, sig } = query;
  if (typeof exp !== 'string' || typeof v !== 'string' || typeof sig !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(exp) || !/^\d{1,12}$/.test(v)) return 'invalid';
  const expected = Buffer.from(signature(secret, key, Number(v), Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) < now ? 'expired' : 'ok';
}
