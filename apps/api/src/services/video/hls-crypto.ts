import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seal, unseal } from '../../lib/sealed.ts';

/**
 * AES-128 HLS encryption of a ladder (RFC 8216 §5.2: AES-128-CBC with PKCS#7 padding, whole segments). Each
 * segment's IV is its media sequence number, so no IV is written into the playlist and every player (hls.js,
 * Safari, ffmpeg) derives the same one. A new key starts every `every` segments (0: one key for the lesson).
 *
 * Why here and not through ffmpeg's `-hls_key_info_file` alone: ffmpeg rotates keys only by rewriting that file
 * while it runs (`periodic_rekey`), and it cannot encrypt a ladder that already exists without re-encoding it.
 * Encrypting the finished segments gives new transcodes, rotation and the re-encryption of old lessons one code
 * path, with the same bytes on the wire as ffmpeg's own AES-128 output.
 */

export type LadderKeys = { every: number; keys: Buffer[] };

/** The key URI written into the playlists: the server answers it only with a key token (routes/media/keys.ts). */
export const keyUri = (ladderId: string, n: number) => `/media/key/${ladderId}/${n}`;

/** The IV of segment `sequence`: the number as a 128-bit big-endian integer. */
export function segmentIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(Math.floor(sequence / 2 ** 32), 8);
  iv.writeUInt32BE(sequence >>> 0, 12);
  return iv;
}

export const encryptSegment = (plain: Buffer, key: Buffer, sequence: number) => {
  const c = createCipheriv('aes-128-cbc', key, segmentIv(sequence));
  return Buffer.concat([c.update(plain), c.final()]);
};

export const decryptSegment = (cipher: Buffer, key: Buffer, sequence: number) => {
  const d = createDecipheriv('aes-128-cbc', key, segmentIv(sequence));
  return Buffer.concat([d.update(cipher), d.final()]);
};

/** Which key segment `sequence` uses. */
export const keyIndexOf = (sequence: number, every: number) => (every > 0 ? Math.floor(sequence / every) : 0);

/** Fresh random keys for a ladder whose longest rendition has `segments` segments. */
export function newLadderKeys(segments: number, every: number): LadderKeys {
  const count = every > 0 ? Math.max(1, Math.ceil(segments / every)) : 1;
  return { every, keys: Array.from({ length: count }, () => randomBytes(16)) };
}

/**
 * Encrypts, in place, every rendition under `dir` (`<h>p/index.m3u8` with its segments) with `keys`, and writes
 * the key tags into the variant playlists. Returns the number of segments encrypted.
 */
export async function encryptLadderDir(dir: string, ladderId: string, keys: LadderKeys): Promise<number> {
  let total = 0;
  for (const rendition of (await readdir(dir)).filter((d) => /^\d+p$/.test(d))) {
    const playlistFile = path.join(dir, rendition, 'index.m3u8');
    const lines = (await readFile(playlistFile, 'utf8')).split('\n');
    const firstSequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(lines.join('\n'))?.[1] ?? 0);
    const out: string[] = [];
    let sequence = firstSequence;
    let pendingTags: string[] = [];
    let currentKey = -1;
    for (const line of lines) {
      const trimmed = line.trim();
      if (trimmed.startsWith('#EXT-X-KEY')) continue; // a ladder is never encrypted twice
      if (!trimmed || trimmed.startsWith('#')) {
        // A segment's own tags (#EXTINF...) wait so the key tag can go before them.
        if (trimmed.startsWith('#EXTINF') || pendingTags.length) pendingTags.push(line);
        else out.push(line);
        continue;
      }
      const k = keyIndexOf(sequence - firstSequence, keys.every);
      const key = keys.keys[k];
      if (!key) throw new Error(`No key ${k} for segment ${sequence} of ${rendition}.`);
      if (k !== currentKey) {
        out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${keyUri(ladderId, k)}"`);
        currentKey = k;
      }
      out.push(...pendingTags, line);
      pendingTags = [];
      const file = path.join(dir, rendition, trimmed);
      await writeFile(file, encryptSegment(await readFile(file), key, sequence));
      sequence++;
      total++;
    }
    out.push(...pendingTags);
    await writeFile(playlistFile, out.join('\n'));
  }
  return total;
}

/** The longest rendition's segment count under `dir`, before encryption (to size the keys). */
export async function segmentCount(dir: string): Promise<number> {
  let most = 0;
  for (const rendition of (await readdir(dir)).filter((d) => /^\d+p$/.test(d))) {
    const text = await readFile(path.join(dir, rendition, 'index.m3u8'), 'utf8');
    most = Math.max(most, text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).length);
  }
  return most;
}

// Keys are sealed at rest with the app's key (lib/sealed.ts): a database dump alone plays nothing.
export const sealKeys = (appSecret: string, keys: LadderKeys): string =>
  seal(
    appSecret,
    'hls-keys',
    JSON.stringify({ every: keys.every, keys: keys.keys.map((k) => k.toString('base64')) }),
  );

export function openKeys(appSecret: string, sealed: string): LadderKeys {
  const parsed = JSON.parse(unseal(appSecret, 'hls-keys', sealed)) as { every: number; keys: string[] };
  return { every: parsed.every, keys: parsed.keys.map((k) => Buffer.from(k, 'base64')) };
}
