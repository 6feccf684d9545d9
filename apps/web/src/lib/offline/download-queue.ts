import {
  localMaster,
  localSubtitles,
  localVariant,
  parseMaster,
  parseSubtitles,
  pickVariant,
} from './hls-files.ts';
import { t } from '@/lib/i18n/index.ts';
import { offlineMaster, offlineType, offlineUrl } from './paths.ts';

export type DownloadState = 'queued' | 'downloading' | 'waiting' | 'done' | 'failed';

/** One downloaded (or downloading) lesson, as kept in IndexedDB. */
export type DownloadRecord = {
  seriesId: number;
  courseId: number;
  courseTitle: string;
  lessonTitle: string;
  /** The lesson's place in its course (1-based), to list a course's downloads in order. */
  lessonNumber: number;
  /** The account that downloaded it (its email). */
  owner: string;
  height: number;
  /** The rendition's size the server announced, shown before anything is fetched. */
  expectedBytes: number;
  storedBytes: number;
  segments: number;
  storedSegments: number;
  durationSeconds: number | null;
  state: DownloadState;
  error?: string;
  createdAt: number;
  /** When the app last confirmed online that `owner` still owns the course (the licence's start). */
  confirmedAt: number;
};

/** Where the files go: Cache Storage in the app, a map in the tests. */
export interface FileStore {
  /** The stored file's size, null when absent. */
  size(url: string): Promise<number | null>;
  put(url: string, body: Blob, type: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

export type QueueDeps = {
  files: FileStore;
  fetch: (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;
  /** Fresh signed links for the lesson (they expire, so each start or resume asks again). */
  source: (record: DownloadRecord) => Promise<{ hlsLink: string; posterUrl: string | null }>;
  save: (record: DownloadRecord) => Promise<void>;
  /**
   * Fetches the lesson's AES-128 keys (the server's key URLs) with a key token of this device and keeps them
   * wrapped on it (keys.ts); a refusal (the device limit) fails the download.
   */
  keys: (record: DownloadRecord, keys: { n: number; url: string }[]) => Promise<void>;
};

/** The connection went away: the download waits and resumes from the segments it has. */
export class ConnectionLost extends Error {}

async function get(deps: QueueDeps, url: string, signal: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await deps.fetch(url, { signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ConnectionLost(t('offline.connectionLost'));
  }
  if (!res.ok) throw new Error(res.status === 403 ? t('offline.notYours') : t('offline.downloadFailed'));
  return res;
}

/**
 * Downloads one lesson: the chosen variant's playlist, its segments (skipping those already stored, which is what
 * makes a cut-off download resume), the poster, then the local master playlist last, so its presence means done.
 */
export async function downloadLesson(
  start: DownloadRecord,
  deps: QueueDeps,
  onProgress: (r: DownloadRecord) => void,
  signal: AbortSignal,
): Promise<DownloadRecord> {
  let record: DownloadRecord = { ...start, state: 'downloading', error: undefined };
  onProgress(record);
  let source: { hlsLink: string; posterUrl: string | null };
  try {
    source = await deps.source(record);
  } catch (err) {
    if ((err as { status?: number }).status === 0 || err instanceof TypeError)
      throw new ConnectionLost('offline');
    throw err;
  }
  const masterUrl = new URL(source.hlsLink, location.href).href;
  const masterText = await (await get(deps, masterUrl, signal)).text();
  const variant = pickVariant(parseMaster(masterText, masterUrl), record.height);
  if (!variant) throw new Error(t('offline.noVideo'));
  const { segments, keys, playlist } = localVariant(
    await (await get(deps, variant.url, signal)).text(),
    variant.url,
  );

  let storedBytes = 0;
  let storedSegments = 0;
  const known = await Promise.all(
    segments.map((_, i) => deps.files.size(offlineUrl(record.seriesId, `seg_${i}.ts`))),
  );
  known.forEach((size) => {
    if (size === null) return;
    storedBytes += size;
    storedSegments += 1;
  });
  record = {
    ...record,
    height: variant.height || record.height,
    segments: segments.length,
    storedBytes,
    storedSegments,
  };
  onProgress(record);
  await deps.save(record);

  for (const [i, url] of segments.entries()) {
    if (known[i] !== null) continue;
    const blob = await (await get(deps, url, signal)).blob();
    const local = offlineUrl(record.seriesId, `seg_${i}.ts`);
    await deps.files.put(local, blob, offlineType(local));
    record = {
      ...record,
      storedBytes: record.storedBytes + blob.size,
      storedSegments: record.storedSegments + 1,
    };
    onProgress(record);
    await deps.save(record);
  }

  if (keys.length) {
    try {
      await deps.keys(record, keys);
    } catch (err) {
      if ((err as { status?: number }).status === 0 || err instanceof TypeError)
        throw new ConnectionLost('offline');
      throw err;
    }
  }

  if (source.posterUrl) {
    const poster = await get(deps, new URL(source.posterUrl, location.href).href, signal)
      .then((r) => r.blob())
      .catch((err: unknown) => {
        if (err instanceof ConnectionLost) throw err;
        return null;
      });
    if (poster) {
      await deps.files.put(offlineUrl(record.seriesId, 'poster.jpg'), poster, 'image/jpeg');
      record = { ...record, storedBytes: record.storedBytes + poster.size };
    }
  }
  // The lesson's captions, each language's playlist and WebVTT; a language that fails is left out.
  const subtitles: { language: string; name: string }[] = [];
  for (const sub of parseSubtitles(masterText, masterUrl)) {
    try {
      const { file, playlist: local } = localSubtitles(
        await (await get(deps, sub.url, signal)).text(),
        sub.url,
        sub.language,
      );
      if (!file) continue;
      const vtt = await (await get(deps, file, signal)).blob();
      const vttUrl = offlineUrl(record.seriesId, `sub_${sub.language}.vtt`);
      await deps.files.put(vttUrl, vtt, offlineType(vttUrl));
      await deps.files.put(
        offlineUrl(record.seriesId, `sub_${sub.language}.m3u8`),
        new Blob([local]),
        offlineType('x.m3u8'),
      );
      record = { ...record, storedBytes: record.storedBytes + vtt.size };
      subtitles.push(sub);
    } catch (err) {
      if (err instanceof ConnectionLost || (err as Error).name === 'AbortError') throw err;
    }
  }
  await deps.files.put(
    offlineUrl(record.seriesId, 'index.m3u8'),
    new Blob([playlist]),
    offlineType('x.m3u8'),
  );
  await deps.files.put(
    offlineMaster(record.seriesId),
    new Blob([localMaster(variant, subtitles)]),
    offlineType('x.m3u8'),
  );
  record = { ...record, state: 'done' };
  await deps.save(record);
  onProgress(record);
  return record;
}

/**
 * Lessons download one at a time, in the order asked. A lost connection leaves the lesson `waiting` (and those
 * after it queued) until `resume()`, which the app calls on the `online` event and at start.
 */
export class DownloadQueue {
  private readonly order: number[] = [];
  private readonly records = new Map<number, DownloadRecord>();
  private running: { seriesId: number; abort: AbortController } | null = null;
  private paused = false;

  constructor(
    private readonly deps: QueueDeps,
    private readonly onChange: (r: DownloadRecord) => void,
  ) {}

  /** Queues a lesson (a new one, or one found unfinished at start) and starts it when its turn comes. */
  add(record: DownloadRecord): Promise<void> {
    if (!this.order.includes(record.seriesId)) this.order.push(record.seriesId);
    const queued: DownloadRecord = { ...record, state: 'queued', error: undefined };
    this.records.set(record.seriesId, queued);
    this.onChange(queued);
    return this.deps.save(queued).then(() => this.pump());
  }

  /** Starts again after a lost connection: the waiting lesson continues from the segments it has. */
  resume(): void {
    this.paused = false;
    for (const id of this.order) {
      const r = this.records.get(id);
      if (r?.state === 'waiting') this.records.set(id, { ...r, state: 'queued' });
    }
    this.pump();
  }

  /** Drops a lesson from the queue, stopping it if it is the one downloading. */
  cancel(seriesId: number) {
    const i = this.order.indexOf(seriesId);
    if (i >= 0) this.order.splice(i, 1);
    this.records.delete(seriesId);
    if (this.running?.seriesId === seriesId) this.running.abort.abort();
  }

  /** Resolves once nothing is downloading (the tests and the e2e hooks wait on it). */
  whenIdle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.waiters.push(resolve)) : Promise.resolve();
  }

  private waiters: (() => void)[] = [];

  private pump(): void {
    if (this.running) return;
    const next = this.paused
      ? undefined
      : this.order.map((id) => this.records.get(id)).find((r) => r?.state === 'queued');
    if (!next) {
      this.waiters.splice(0).forEach((w) => w());
      return;
    }
    const abort = new AbortController();
    this.running = { seriesId: next.seriesId, abort };
    const report = (r: DownloadRecord) => {
      if (!this.records.has(r.seriesId)) return;
      this.records.set(r.seriesId, r);
      this.onChange(r);
    };
    void downloadLesson(next, this.deps, report, abort.signal)
      .then(() => {
        const i = this.order.indexOf(next.seriesId);
        if (i >= 0) this.order.splice(i, 1);
        this.records.delete(next.seriesId);
      })
      .catch(async (err: unknown) => {
        if (abort.signal.aborted) return;
        const current = this.records.get(next.seriesId) ?? next;
        const lost = err instanceof ConnectionLost;
        if (lost) this.paused = true;
        const failed: DownloadRecord = {
          ...current,
          state: lost ? 'waiting' : 'failed',
          error: lost ? t('offline.waitingForConnection') : (err as Error).message,
        };
        report(failed);
        await this.deps.save(failed).catch(() => undefined);
      })
      .then(() => {
        this.running = null;
        this.pump();
      });
  }
}
