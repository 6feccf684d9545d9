import { createHmac, timingSafeEqual } from 'node:crypto';

/** Videos and resources are signed for about two hours: long enough to watch, short enough to stop sharing. */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;

/**
 * Storage keys look like `videos/<name>`; anything else (slashes, `..`) is refused before touching storage.
 * `exports/` holds people's data exports, served only by `GET /account/export/{id}` to their owner.
 */
const KEY = /^(images|videos|resources|exports)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** An HLS ladder's files: `hls/<uuid>/master.m3u8`, `hls/<uuid>/<h>p/index.m3u8` and `.../seg_NNN.ts`. */
export const HLS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const HLS_FILE = /^(master\.m3u8|\d{1,4}p\/(index\.m3u8|seg_\d{3,6}\.ts))$/;
const HLS_KEY = /^hls\/([0-9a-f-]{36})\/(.+)$/;
export const isValidKey = (key: string) => {
  const hls = HLS_KEY.exec(key);
  if (hls) return HLS_ID.test(hls[1]!) && HLS_FILE.test(hls[2]!);
  return KEY.test(key) && !key.includes('..');
};

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

/**
 * `/media/hls/<exp>-<viewer>-<sig>/<id>/master.m3u8`: the token sits in the path, so the playlists' relative
 * URIs (variant playlists, segments) carry it and every file of the ladder is covered by one signature.
 */
export function signHlsPath(secret: string, hlsPrefix: string, viewerId: number, exp: number): string {
  const id = hlsPrefix.slice('hls/'.length);
  // The trailing slash keeps this message apart from any storage key's.
  const sig = signature(secret, `hls/${id}/`, viewerId, exp);
  return `/media/hls/${exp}-${viewerId}-${sig}/${id}/master.m3u8`;
}

/** Checks an HLS path token for ladder `id`; `now` in epoch seconds. */
export function verifyHlsToken(
  secret: string,
  id: string,
  token: string,
  now = Math.floor(Date.now() / 1000),
): SignatureCheck {
  const m = /^(\d{1,12})-(\d{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return 'invalid';
  return verifyMediaSignature(secret, `hls/${id}/`, { exp: m[1], v: m[2], sig: m[3] }, now);
}
