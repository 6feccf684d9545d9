import type { AppContext } from '../context.ts';
import { referencedKeys } from '../queries/media.ts';
import { KIND_FOLDER } from '../services/storage/storage.ts';

/**
 * An upload is stored first and recorded (its `media` row) right after; a process killed in between leaves an
 * object nothing refers to. Objects younger than this are never touched: their row may be on its way.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

// Only what the upload route names: `<folder>/<uuid>.<ext>`, and its WebP copies `<that>.w<width>.webp`.
// Posters (`images/<id>-poster.jpg`), the HLS ladders (`hls/`) and the demo files never match.
const UPLOAD_KEY =
  /^(?:images|videos|resources)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;
const VARIANT = /^(.+)\.w\d+\.webp$/;

/** The upload an object belongs to (itself, or the original of a WebP copy); null when it is no upload's. */
export function uploadOf(key: string): string | null {
  const base = VARIANT.exec(key)?.[1] ?? key;
  return UPLOAD_KEY.test(base) ? base : null;
}

/**
 * Deletes uploaded objects older than `graceMs` that no row refers to: no `media` row, course image or trailer,
 * lesson video or resource has their key. Every instance may run it at once: a delete of a deleted object is a
 * no-op. `dryRun` only answers what would go.
 */
export async function sweepOrphanUploads(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  opts: { now?: number; graceMs?: number; dryRun?: boolean } = {},
): Promise<{ checked: number; orphans: string[] }> {
  const before = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  const old = new Map<string, string[]>(); // upload key -> its objects old enough to go
  let checked = 0;
  for (const folder of Object.values(KIND_FOLDER)) {
    for await (const { key, lastModified } of ctx.storage.list(folder)) {
      checked++;
      const upload = uploadOf(key);
      if (!upload || lastModified.getTime() > before) continue;
      old.set(upload, [...(old.get(upload) ?? []), key]);
    }
  }
  const orphans: string[] = [];
  const uploads = [...old.keys()];
  for (let i = 0; i < uploads.length; i += 500) {
    const batch = uploads.slice(i, i + 500);
    const referenced = await referencedKeys(ctx.db, batch);
    for (const upload of batch) if (!referenced.has(upload)) orphans.push(...old.get(upload)!);
  }
  if (!opts.dryRun) for (const key of orphans) await ctx.storage.delete(key);
  return { checked, orphans };
}

/** How often each job worker sweeps; the first sweep comes a few minutes after start, never during it. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_MS = 5 * 60 * 1000;

/** Sweeps orphaned uploads now and then, in the background; answers a function that stops it. */
export function startOrphanSweeps(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>): () => void {
  const run = () =>
    void sweepOrphanUploads(ctx)
      .then(({ checked, orphans }) => {
        if (orphans.length) ctx.log.info({ checked, removed: orphans.length }, 'orphaned uploads removed');
      })
      .catch((err: unknown) =>
        ctx.log.warn({ err }, 'orphaned upload sweep failed; the next one tries again'),
      );
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    every = setInterval(run, SWEEP_EVERY_MS).unref();
  }, FIRST_SWEEP_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
