import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { checkedTokenMemo } from '../../lib/checked-tokens.ts';

/** Videos and resources are signed for about two hours: long enough to watch, short enough to stop sharing. */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;

/**
 * Storage keys look like `videos/<name>`; anything else (slashes, `..`) is refused before touching storage.
 * `exports/` holds people's data exports, served only by `GET /account/export/{id}` to their owner; `submissions/`
 * holds students' submitted files (docs/assignments.md).
 */
const KEY = /^(images|videos|resources|exports|submissions)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
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

// A key of its own (derived from the JWT secret) so a media signature can never pass as anything else. Derived once
// per secret: every signed link, HLS path and key token is signed or checked with it.
const signingKeys = new Map<string, KeyObject>();
function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) {
    key = createSecretKey(createHmac('sha256', secret).update('devlearn media url v1').digest());
    signingKeys.set(secret, key);
  }
  return key;
}

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

/** A key token lives 5 minutes; the player's heartbeat (every 30 s) brings a fresh one. */
export const KEY_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * What a key token grants: the keys of ladder `ladder` to stream `stream` of `account` (0: a guest's free
 * preview), signed in as session `session`, on the device whose id hashes to `device`, until `exp` (epoch s).
 */
export type KeyGrant = {
  stream: string;
  account: number;
  session: string;
  device: string;
  ladder: string;
  exp: number;
};

const keyTokenSig = (secret: string, body: string) =>
  createHmac('sha256', signingKey(secret)).update(`key-token\n${body}`).digest('base64url');

/**
 * The key tokens this process signed or checked (the last 5,000, a few MB at most), with their grants: a player asks
 * for a key with the token its start got a moment before, from this instance as often as not, and then again for
 * every key of the ladder.
 */
const knownKeyTokens = checkedTokenMemo<KeyGrant>(5_000);

/** `<base64url JSON>.<HMAC>`: sent by the player in a header to `GET /media/key/...`, never in a URL. */
export function signKeyToken(secret: string, grant: KeyGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const token = `${body}.${keyTokenSig(secret, body)}`;
  knownKeyTokens(secret).set(token, grant);
  return token;
}

/** Checks a key token in constant time (once per token: see `knownKeyTokens`); `now` in epoch seconds. */
export function verifyKeyToken(
  secret: string,
  token: string,
  now = Math.floor(Date.now() / 1000),
): { check: 'ok' | 'expired'; grant: KeyGrant } | { check: 'invalid' } {
  const known = knownKeyTokens(secret);
  let grant = known.get(token);
  if (!grant) {
    const m = /^([A-Za-z0-9_-]{10,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return { check: 'invalid' };
    const expected = Buffer.from(keyTokenSig(secret, m[1]!));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { check: 'invalid' };
    grant = JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as KeyGrant;
    known.set(token, grant);
  }
  return { check: grant.exp < now ? 'expired' : 'ok', grant };
}
