/**
 * What the service worker (apps/web/sw/sw.ts) and the page agree on: the caches' names, where a downloaded lesson's
 * files live and how a signed-in answer is keyed. No DOM here: the worker compiles this file too.
 */

/** Downloaded lessons' files: playlists, segments and posters under `/offline/<seriesId>/`. */
export const DOWNLOAD_CACHE = 'devlearn-downloads';
/** The last answers seen of the calls the app needs offline (My courses, a course, its progress). */
export const API_CACHE = 'devlearn-api';
export const OFFLINE_PREFIX = '/offline/';

/**
 * The local URL of one file of a downloaded lesson (`master.m3u8`, `index.m3u8`, `seg_3.ts`, `poster.jpg`, its
 * captions `sub_en.m3u8` and `sub_en.vtt`).
 */
export const offlineUrl = (seriesId: number, file: string) => `${OFFLINE_PREFIX}${seriesId}/${file}`;

/** The local master playlist: present only once every other file of the lesson is stored. */
export const offlineMaster = (seriesId: number) => offlineUrl(seriesId, 'master.m3u8');

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt',
};
/** The Content-Type of a downloaded file, by its extension. */
export const offlineType = (path: string) =>
  TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The GET answers kept for offline use, by path under the API base. */
export const OFFLINE_ANSWERS = [/^\/user\/allcourses$/, /^\/course\/singlecourse\/\d+$/];
/** The POST answers kept too, keyed by their `courseId` (the progress of one course). */
export const OFFLINE_POST_ANSWERS = [/^\/progress\/course$/];

/** Marks an answer the worker gave from its copy because the network failed: it confirms nothing (the licence). */
export const KEPT_HEADER = 'x-devlearn-kept';

/**
 * The cache key of a signed-in answer: the URL plus a digest of the token, so one account's answer is never
 * served to another's request on a shared phone.
 */
export async function answerKey(url: string, token: string, courseId?: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = new URL(url);
  key.searchParams.set('offline-account', hex);
  if (courseId !== undefined) key.searchParams.set('courseId', String(courseId));
  return key.href;
}
