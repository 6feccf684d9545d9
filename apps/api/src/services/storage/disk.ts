import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidKey, signMediaPath } from './signing.ts';
import type { ByteRange, Storage } from './storage.ts';

/** Files under `<dataDir>/media/<key>`; uploads land in `.tmp/` first and are renamed once complete. */
export function diskStorage(dataDir: string, secret: string): Storage {
  const root = path.join(dataDir, 'media');
  const tmp = path.join(root, '.tmp');
  // Leftovers of a process killed mid-upload are never visible; clear them at start.
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });

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
    async signedUrl(key, viewerId, ttlSeconds) {
      return signMediaPath(secret, key, viewerId, Math.floor(Date.now() / 1000) + ttlSeconds);
    },
    keyFromForeignUrl: () => null,
  };
}
