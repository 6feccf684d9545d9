import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { tag } from '../cache/index.ts';
import type { AppContext } from '../context.ts';
import { media } from '../db/schema.ts';
import { courseIdsUsingVideo, mediaByKey } from '../queries/media.ts';
import { ffmpegBinary, transcodeToHls } from '../services/video/ffmpeg.ts';
import { encryptLadderDir, newLadderKeys, sealKeys, segmentCount } from '../services/video/hls-crypto.ts';

/** The job that converts an uploaded video (jobs/transcode.ts); queued by the upload and by the demo seed. */
export const TRANSCODE_JOB = 'transcode-video';
export type TranscodePayload = { mediaKey: string };

/** The Content-Type each kind of a ladder's file is stored with. */
export const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

/**
 * Makes the encrypted HLS ladder, poster and duration of one uploaded video and records them (and its sealed keys)
 * on its media row. The original stays where it is (tutors, admins and legacy spec clients). Safe to run twice: each run writes under a fresh prefix.
 */
export async function transcodeMedia(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'cache'>,
  mediaKey: string,
  signal?: AbortSignal,
): Promise<void> {
  const { db, storage } = ctx;
  const row = await mediaByKey(db, mediaKey);
  if (!row || row.kind !== 'video' || row.videoStatus === 'ready') return;
  const work = await mkdtemp(path.join(tmpdir(), 'devlearn-hls-'));
  try {
    const input = path.join(work, `input${path.extname(mediaKey)}`);
    await pipeline(await storage.read(mediaKey), createWriteStream(input), { signal });
    const out = path.join(work, 'out');
    const result = await transcodeToHls(ffmpegBinary(ctx.config.ffmpegPath), input, out, signal);
    const id = randomUUID();
    const prefix = `hls/${id}`;
    // Every rendition is encrypted before it is stored: no plain segment of a new lesson ever reaches storage.
    const keys = newLadderKeys(await segmentCount(out), ctx.config.protection.keyRotationSegments);
    await encryptLadderDir(out, id, keys);
    const posterRef = `images/${id}-poster.jpg`;
    await storage.put(posterRef, createReadStream(path.join(out, 'poster.jpg')), CONTENT_TYPES['.jpg']!);
    await storage.put(
      `${prefix}/master.m3u8`,
      createReadStream(path.join(out, 'master.m3u8')),
      CONTENT_TYPES['.m3u8']!,
    );
    for (const r of result.renditions) {
      const dir = path.join(out, `${r.height}p`);
      for (const f of await readdir(dir)) {
        await storage.put(
          `${prefix}/${r.height}p/${f}`,
          createReadStream(path.join(dir, f)),
          CONTENT_TYPES[path.extname(f)] ?? 'application/octet-stream',
        );
      }
    }
    await db
      .update(media)
      .set({
        videoStatus: 'ready',
        videoError: null,
        hlsPrefix: prefix,
        hlsKeys: sealKeys(ctx.config.jwtSecret, keys),
        posterRef,
        durationSeconds: result.durationSeconds,
        renditions: result.renditions,
      })
      .where(eq(media.key, mediaKey));
    await invalidateCoursesShowing(ctx, mediaKey);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Course answers show their lessons' video state (status, ladder, poster): drop those using this video. */
async function invalidateCoursesShowing(ctx: Pick<AppContext, 'db' | 'cache'>, mediaKey: string) {
  const ids = await courseIdsUsingVideo(ctx.db, mediaKey);
  // One invalidation (one message to the other instances) for all of them.
  if (ids.length) await ctx.cache.invalidate(ids.map(tag.course));
}

/** Records why a video will not play in HLS, for the tutor's screens (the MP4 stays the fallback). */
export async function markVideoFailed(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  mediaKey: string,
  reason: string,
) {
  await ctx.db
    .update(media)
    .set({ videoStatus: 'failed', videoError: reason.slice(0, 500) })
    .where(and(eq(media.key, mediaKey), eq(media.kind, 'video')));
  await invalidateCoursesShowing(ctx, mediaKey);
}
