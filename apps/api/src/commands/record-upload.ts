import type { AppContext } from '../context.ts';
import { media } from '../db/schema.ts';
import { enqueue } from '../queue/queue.ts';
import { TRANSCODE_JOB } from './transcode-media.ts';
import type { MediaKind } from '../services/storage/storage.ts';

export type StoredUpload = { key: string; kind: MediaKind; mime: string; size: number };

/**
 * Records a stored upload as its owner's: the media row and, for a video, the transcode job in the same
 * transaction (the HLS ladder is made in the background; the answer never waits for it), then wakes the worker.
 */
export async function recordUpload(
  ctx: Pick<AppContext, 'db' | 'worker'>,
  ownerId: number,
  stored: StoredUpload,
  originalName: string | null,
): Promise<void> {
  const isVideo = stored.kind === 'video';
  await ctx.db.transaction(async (tx) => {
    await tx.insert(media).values({
      key: stored.key,
      kind: stored.kind,
      ownerId,
      contentType: stored.mime,
      size: stored.size,
      originalName,
      videoStatus: isVideo ? 'processing' : 'none',
    });
    if (isVideo) await enqueue(tx, TRANSCODE_JOB, { mediaKey: stored.key });
  });
  if (isVideo) ctx.worker?.wake();
}
