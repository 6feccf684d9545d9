import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { tag } from '../cache/index.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobs, media } from '../db/schema.ts';
import { courseIdsUsingVideo, mediaByKey } from '../queries/media.ts';
import { enqueue } from '../queue/queue.ts';
import { encryptLadderDir, newLadderKeys, sealKeys, segmentCount } from '../services/video/hls-crypto.ts';
import { CONTENT_TYPES } from './transcode-media.ts';

/** Re-encrypts a ladder made before encryption (jobs/encrypt-ladder.ts); queued at start for every such ladder. */
export const ENCRYPT_LADDER_JOB = 'encrypt-ladder';
export type EncryptLadderPayload = { mediaKey: string };

/**
 * Queues the re-encryption of every ready ladder that has no keys yet and is not queued already (an upgrade's
 * first start; later starts find nothing). Returns how many were queued.
 */
export async function queueLadderEncryption(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const plain = await tx
      .select({ key: media.key })
      .from(media)
      .where(and(eq(media.videoStatus, 'ready'), isNotNull(media.hlsPrefix), isNull(media.hlsKeys)));
    if (!plain.length) return 0;
    const queued = await tx
      .select({ key: sql<string>`${jobs.payload}->>'mediaKey'` })
      .from(jobs)
      .where(and(eq(jobs.name, ENCRYPT_LADDER_JOB), inArray(jobs.state, ['queued', 'running'])));
    const already = new Set(queued.map((q) => q.key));
    const todo = plain.filter((p) => !already.has(p.key));
    for (const p of todo) await enqueue(tx, ENCRYPT_LADDER_JOB, { mediaKey: p.key });
    return todo.length;
  });
}

/** The ladder's files named by its playlists: `master.m3u8`, each `<h>p/index.m3u8` and its segments. */
async function ladderFiles(ctx: Pick<AppContext, 'storage'>, prefix: string): Promise<string[]> {
  const text = async (key: string) => {
    let s = '';
    for await (const chunk of await ctx.storage.read(key)) s += (chunk as Buffer).toString();
    return s;
  };
  const uris = (t: string) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  const files = ['master.m3u8'];
  for (const variant of uris(await text(`${prefix}/master.m3u8`))) {
    files.push(variant);
    const dir = variant.slice(0, variant.lastIndexOf('/') + 1);
    for (const seg of uris(await text(`${prefix}/${variant}`))) files.push(dir + seg);
  }
  return files;
}

/**
 * Encrypts an existing plain ladder: copies its files, encrypts them under a new prefix (so no cached playlist or
 * signed link of the old one mixes with the new), switches the media row to it and deletes the plain files.
 */
export async function encryptExistingLadder(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'cache'>,
  mediaKey: string,
  signal?: AbortSignal,
): Promise<'encrypted' | 'skipped'> {
  const row = await mediaByKey(ctx.db, mediaKey);
  if (!row || !row.hlsPrefix || row.hlsKeys || row.videoStatus !== 'ready') return 'skipped';
  const oldPrefix = row.hlsPrefix;
  const work = await mkdtemp(path.join(tmpdir(), 'devlearn-encrypt-'));
  try {
    const files = await ladderFiles(ctx, oldPrefix);
    for (const f of files) {
      signal?.throwIfAborted();
      await mkdir(path.dirname(path.join(work, f)), { recursive: true });
      await pipeline(await ctx.storage.read(`${oldPrefix}/${f}`), createWriteStream(path.join(work, f)), {
        signal,
      });
    }
    const id = randomUUID();
    const keys = newLadderKeys(await segmentCount(work), ctx.config.protection.keyRotationSegments);
    await encryptLadderDir(work, id, keys);
    for (const f of files) {
      await ctx.storage.put(
        `hls/${id}/${f}`,
        createReadStream(path.join(work, f)),
        CONTENT_TYPES[path.extname(f)] ?? 'application/octet-stream',
      );
    }
    const switched = await ctx.db
      .update(media)
      .set({ hlsPrefix: `hls/${id}`, hlsKeys: sealKeys(ctx.config.jwtSecret, keys) })
      .where(and(eq(media.key, mediaKey), eq(media.hlsPrefix, oldPrefix), isNull(media.hlsKeys)))
      .returning({ id: media.id });
    // Another run switched it first: this copy is not used.
    const unused = switched.length ? oldPrefix : `hls/${id}`;
    if (switched.length) {
      const ids = await courseIdsUsingVideo(ctx.db, mediaKey);
      if (ids.length) await ctx.cache.invalidate(ids.map(tag.course));
    }
    for (const f of files) await ctx.storage.delete(`${unused}/${f}`).catch(() => undefined);
    return switched.length ? 'encrypted' : 'skipped';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
