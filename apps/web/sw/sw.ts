/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js):
 * - the app shell and static assets, precached from the build's manifest (served cache first); navigations go to
 *   the network first (the server renders the public pages), the cached shell only when the network fails;
 * - downloaded lessons under `/offline/`, answered from Cache Storage only (Range requests too), never the network;
 *   their video keys (`key_<n>`) unwrapped from IndexedDB while the lesson's licence holds;
 * - the answers the app needs offline (My courses, a course, its progress): network first, the last one seen when
 *   the network fails. Every other request (media, other calls) goes to the network untouched.
 */
import {
  answerKey,
  API_CACHE,
  DOWNLOAD_CACHE,
  KEPT_HEADER,
  OFFLINE_ANSWERS,
  OFFLINE_POST_ANSWERS,
  OFFLINE_PREFIX,
  offlineType,
} from '@/lib/offline/paths.ts';
import { KEY_FILE, openKey } from '@/lib/offline/keys.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const MANIFEST = self.__WB_MANIFEST;
const API_BASE = '/dl/api/v1';
/** Paths the shell never answers (server pages and files). */
const NOT_SHELL = [
  /^\/dl\//,
  /^\/media\//,
  /^\/docs/,
  /^\/sandbox-pay/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
  /^\/offline\//,
];

/** One cache per build: its name changes when any precached file does. */
const SHELL_CACHE = `devlearn-shell-${hash(MANIFEST.map((e) => `${e.url}@${e.revision ?? ''}`).join('|'))}`;
const shellUrl = (url: string) => new URL(url, self.location.href).href;
// A Set: the plugin lists the web manifest itself too, and addAll refuses a list with the same URL twice.
const PRECACHED = new Set(MANIFEST.map((e) => new URL(e.url, self.location.href).pathname));

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([...PRECACHED].map((p) => new Request(shellUrl(p), { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (n) =>
                (n.startsWith('devlearn-shell-') && n !== SHELL_CACHE) || n.startsWith('workbox-precache'),
            )
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'GET' && url.pathname.startsWith(OFFLINE_PREFIX)) {
    event.respondWith(fromDownloads(request, url));
  } else if (request.mode === 'navigate') {
    if (!NOT_SHELL.some((re) => re.test(url.pathname))) event.respondWith(shell(request));
  } else if (url.pathname.startsWith(API_BASE + '/')) {
    const path = url.pathname.slice(API_BASE.length);
    const kept =
      (request.method === 'GET' && OFFLINE_ANSWERS.some((re) => re.test(path))) ||
      (request.method === 'POST' && OFFLINE_POST_ANSWERS.some((re) => re.test(path)));
    if (kept && request.headers.get('apiKey')) event.respondWith(networkFirst(request));
  } else if (request.method === 'GET' && PRECACHED.has(url.pathname)) {
    event.respondWith(precached(request));
  }
});

/**
 * A page: the network's (the server renders the public pages with their data; a stale shell would bypass that),
 * and the cached shell only when the network fails (offline: the app then shows what works without it).
 */
async function shell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await caches.match(shellUrl('/index.html'), { cacheName: SHELL_CACHE });
    if (!cached) throw err;
    return cached;
  }
}

async function precached(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const cached = await caches.match(url.origin + url.pathname, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

/** A downloaded lesson's file, from the device only; a `Range` asks for part of it (206). */
async function fromDownloads(request: Request, url: URL): Promise<Response> {
  const key = KEY_FILE.exec(url.pathname);
  if (key) {
    // A downloaded lesson's key, unwrapped for its player while the licence holds (lib/offline/keys.ts).
    const raw = await openKey(Number(key[1]), Number(key[2])).catch(() => null);
    if (!raw) return new Response('No key', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    return new Response(raw, {
      headers: { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' },
    });
  }
  const cached = await caches.match(url.pathname, { cacheName: DOWNLOAD_CACHE });
  if (!cached)
    return new Response('Not downloaded', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (!range) return cached;
  const blob = await cached.blob();
  const size = blob.size;
  let start = range[1] ? Number(range[1]) : size - Number(range[2]);
  let end = range[1] && range[2] ? Number(range[2]) : size - 1;
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  if (start > end || start >= size)
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': cached.headers.get('Content-Type') ?? offlineType(url.pathname),
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

/** The network's answer (kept when it is a success), else the last one kept for this account, marked as such. */
async function networkFirst(request: Request): Promise<Response> {
  const token = request.headers.get('apiKey') ?? '';
  let courseId: number | undefined;
  if (request.method === 'POST') {
    const body = (await request
      .clone()
      .json()
      .catch(() => null)) as { courseId?: unknown } | null;
    courseId = Number(body?.courseId) || 0;
  }
  const key = await answerKey(request.url, token, courseId);
  try {
    const res = await fetch(request);
    if (res.ok) {
      const copy = res.clone();
      void caches.open(API_CACHE).then((c) => c.put(key, copy));
    }
    return res;
  } catch (err) {
    const kept = await caches.match(key, { cacheName: API_CACHE });
    if (!kept) throw err;
    const headers = new Headers(kept.headers);
    headers.set(KEPT_HEADER, '1');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}
