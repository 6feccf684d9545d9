import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidKey, signMediaPath } from './signing.ts';
import type { ByteRange, Storage } from './storage.ts';

/**
 * A temp file nobody has written to for this long is a leftover of a process killed mid-upload: an upload in
 * progress writes to its file all the time (each chunk moves its mtime), and no request waits this long for the
 * next chunk of a body.
 */
export const STALE_TEMP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * Removes the temp files in `tmp` not written to for `STALE_TEMP_MS`, and only those. Several instances may share
 * the media folder (one disk, or NFS behind nginx), so an instance must not clear the folder at start: another one's
 * uploads are being written there. Answers how many files went.
 */
export async function sweepStaleTemp(tmp: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const file = path.join(tmp, name);
    const s = await stat(file).catch(() => null);
    if (!s || now - s.mtimeMs < STALE_TEMP_MS) continue;
    await rm(file, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Files under `<dataDir>/media/<key>`; uploads land in `.tmp/` first and are renamed once complete. */
export function diskStorage(dataDir: string, secret: string): Storage {
  const root = path.join(dataDir, 'media');
  const tmp = path.join(root, '.tmp');
  // Leftovers of a process killed mid-upload are never visible (they are not under their key yet); they are swept
  // once stale, at start and every 15 minutes.
  mkdirSync(tmp, { recursive: true });
  const sweep = () => void sweepStaleTemp(tmp).catch(() => {});
  sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();

  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  return {
    kind: 'disk',
    async put(key, body: Readable) {
      const target = fileOf(key);
      const temp = path.join(tmp, randomUUID());
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(body, out);
        mkdirSync(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (err) {
        // A failure can come before the stream has opened its file; removing it before the stream has closed
        // would let the late open create the file again, and it would stay behind.
        if (!out.closed) await once(out, 'close').catch(() => {});
        await rm(temp, { force: true });
        throw err;
      }
      return { size: (await stat(target)).size };
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const s = await stat(fileOf(key));
        if (!s.isFile()) return null;
        return {
          size: s.size,
          etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
          lastModified: s.mtime,
        };
      } catch {
        return null;
      }
    },
    async read(key, range?: ByteRange) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      if (isValidKey(key)) await rm(fileOf(key), { force: true });
    },
    async *list(folder) {
      const dir = path.join(root, folder);
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile()) continue;
        const s = await stat(path.join(dir, entry.name)).catch(() => null);
        if (s) yield { key: `${folder}/${entry.name}`, lastModified: s.mtime };
      }
    },
    async signedUrl(key, viewerId, ttlSeconds) {
      return signMediaPath(secret, key, viewerId, Math.floor(Date.now() / 1000) + ttlSeconds);
    },
    keyFromForeignUrl: () => null,
  };
}
