import { useSyncExternalStore } from 'react';
import type { TCourseDto, TSeriesDto } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { deviceId, keyHeaders } from '@/lib/device.ts';
import { fetchCourse } from '@/lib/queries/course.ts';
import { t } from '@/lib/i18n/index.ts';
import { getToken } from '@/lib/session.ts';
import { KEYS } from '@/lib/storage-keys.ts';
import { keepCourseAnswer } from './answers.ts';
import { DownloadQueue, type DownloadRecord, type FileStore } from './download-queue.ts';
import { idbAll, idbDelete, idbPut } from './idb.ts';
import { deleteKeys, keepKey } from './keys.ts';
import { DOWNLOAD_CACHE, offlineMaster, offlineUrl } from './paths.ts';

export type { DownloadRecord } from './download-queue.ts';

/** The heights a learner may download (small on purpose: data is paid by the megabyte). */
export const DOWNLOAD_HEIGHTS = [240, 360] as const;

/** Cache Storage holds the files; the service worker answers `/offline/...` from it. */
const cacheFiles: FileStore = {
  async size(url) {
    const res = await (await caches.open(DOWNLOAD_CACHE)).match(url);
    return res ? (await res.blob()).size : null;
  },
  async put(url, body, type) {
    const cache = await caches.open(DOWNLOAD_CACHE);
    await cache.put(
      url,
      new Response(body, { headers: { 'Content-Type': type, 'Content-Length': String(body.size) } }),
    );
  },
  async deletePrefix(prefix) {
    const cache = await caches.open(DOWNLOAD_CACHE);
    const keys = await cache.keys();
    await Promise.all(
      keys.filter((k) => new URL(k.url).pathname.startsWith(prefix)).map((k) => cache.delete(k)),
    );
  },
};

const records = new Map<number, DownloadRecord>();
let list: DownloadRecord[] = [];
// Without IndexedDB (an old browser, the unit tests) there is nothing to read: no downloads.
let loaded = typeof indexedDB === 'undefined';
const listeners = new Set<() => void>();
function emit() {
  list = [...records.values()].sort((a, b) => a.courseId - b.courseId || a.lessonNumber - b.lessonNumber);
  listeners.forEach((l) => l());
}

const queue = new DownloadQueue(
  {
    files: cacheFiles,
    fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
    async source(record) {
      const answer = await fetchCourse(record.courseId);
      // The player opens offline from this answer.
      await keepCourseAnswer(record.courseId, answer).catch(() => undefined);
      const series = answer.coursesDto.sectionDto
        .flatMap((s) => s.seriesList)
        .find((s) => s.id === record.seriesId);
      if (!series?.hlsLink) throw new Error(t('offline.notReady'));
      return { hlsLink: series.hlsLink, posterUrl: series.posterUrl };
    },
    save: async (record) => {
      if (records.has(record.seriesId)) await idbPut('downloads', record);
    },
    // A download registers this device (it counts against the account's devices) and takes the keys with a key
    // token, as a player does; the stream it opens for that ends at once.
    async keys(record, keys) {
      const device = deviceId();
      const { playback } = await callOp('playbackStart', {
        courseId: record.courseId,
        seriesId: record.seriesId,
        deviceId: device,
        offline: true,
      });
      try {
        for (const key of keys) {
          const res = await fetch(key.url, { headers: keyHeaders(playback.keyToken, getToken()) });
          if (!res.ok) throw new Error(t('offline.keyFailed'));
          await keepKey(record.seriesId, key.n, await res.arrayBuffer());
        }
      } finally {
        void callOp('playbackStop', { streamId: playback.streamId, deviceId: device }).catch(() => undefined);
      }
    },
  },
  (record) => {
    if (!records.has(record.seriesId)) return;
    records.set(record.seriesId, record);
    emit();
  },
);

let loading: Promise<void> | null = null;
/** Reads the records once; unfinished downloads go back in the queue (they resume when online). */
export function loadDownloads(): Promise<void> {
  loading ??= idbAll<DownloadRecord>('downloads')
    .then((all) => {
      all.forEach((r) => records.set(r.seriesId, r));
      for (const r of all) if (r.state !== 'done') void queue.add(r);
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
      emit();
    });
  return loading;
}

/** Continues downloads a lost connection stopped (the `online` event). */
export const resumeDownloads = () => queue.resume();
/** Resolves when no lesson is downloading. */
export const downloadsIdle = () => queue.whenIdle();

const subscribe = (l: () => void) => {
  listeners.add(l);
  void loadDownloads();
  return () => listeners.delete(l);
};

/** Every download on this device, by course then lesson; null until read. */
export const useDownloads = (): DownloadRecord[] | null =>
  useSyncExternalStore(
    subscribe,
    () => (loaded ? list : null),
    () => null,
  );

export const allDownloads = () => list;

/** The learner asked for lessons: each one not already stored joins the queue at `height`. */
export async function downloadLessons(
  course: Pick<TCourseDto, 'id' | 'title'>,
  lessons: { series: TSeriesDto; number: number }[],
  height: number,
): Promise<void> {
  await loadDownloads();
  if (records.size === 0) void navigator.storage?.persist?.().catch(() => false);
  const owner = localStorage.getItem(KEYS.email) ?? '';
  const now = Date.now();
  for (const { series, number } of lessons) {
    const existing = records.get(series.id);
    if (existing && (existing.state !== 'failed' || existing.height === height)) {
      if (existing.state === 'failed') void queue.add(existing);
      continue;
    }
    const rendition = [...series.renditions]
      .sort((a, b) => a.height - b.height)
      .filter((r) => r.height <= height)
      .pop();
    const record: DownloadRecord = {
      seriesId: series.id,
      courseId: course.id,
      courseTitle: course.title,
      lessonTitle: series.title,
      lessonNumber: number,
      owner,
      height: rendition?.height ?? height,
      expectedBytes: rendition?.bytes ?? 0,
      storedBytes: 0,
      segments: 0,
      storedSegments: 0,
      durationSeconds: series.durationSeconds,
      state: 'queued',
      createdAt: now,
      confirmedAt: now,
    };
    records.set(series.id, record);
    emit();
    void queue.add(record);
  }
}

/** Deletes lessons' files and records (a lesson, a course or everything). */
export async function deleteDownloads(seriesIds: number[]): Promise<void> {
  for (const id of seriesIds) {
    queue.cancel(id);
    records.delete(id);
  }
  emit();
  for (const id of seriesIds) {
    await cacheFiles.deletePrefix(offlineUrl(id, ''));
    await deleteKeys(id);
    await idbDelete('downloads', id);
  }
}

/** Marks the records whose ownership the server just confirmed (the licence starts again). */
export async function confirmDownloads(seriesIds: number[], at: number): Promise<void> {
  for (const id of seriesIds) {
    const r = records.get(id);
    if (!r) continue;
    const confirmed = { ...r, confirmedAt: at };
    records.set(id, confirmed);
    await idbPut('downloads', confirmed);
  }
  emit();
}

/** The lesson as the player plays it from the device: the local playlists and poster, never the network. */
export function offlineSeries(series: TSeriesDto, record: DownloadRecord): TSeriesDto {
  return {
    ...series,
    hlsLink: offlineMaster(series.id),
    videoLink: null,
    posterUrl: series.posterUrl ? offlineUrl(series.id, 'poster.jpg') : null,
    renditions: [{ height: record.height, bitrateKbps: 0, bytes: record.storedBytes }],
  };
}

/** What the browser says this site stores and may store, in bytes. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const e = await navigator.storage?.estimate?.().catch(() => null);
  return e ? { usage: e.usage ?? 0, quota: e.quota ?? 0 } : null;
}

/** "1.4 MB" / "120 KB" / "2.1 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} KB`;
}

/** How far a download is, 0 to 100. */
export function downloadPercent(r: DownloadRecord): number {
  if (r.state === 'done') return 100;
  if (r.segments > 0) return Math.floor((r.storedSegments / r.segments) * 100);
  return r.expectedBytes > 0 ? Math.min(99, Math.floor((r.storedBytes / r.expectedBytes) * 100)) : 0;
}
