// `npm run bench:video`: a guest's preview lesson in Chromium under emulated networks (the DevTools protocol's
// Network.emulateNetworkConditions), against the built server on a temporary data directory with the demo content.
// - First frame: the page /course/{id} is open (the app's code in the HTTP cache from an earlier visit, as for a
//   returning learner); the time runs from the click on the lesson's Preview link to the first decoded frame
//   (requestVideoFrameCallback): the course answer, the master and variant playlists and the first segment.
// - Data: the lesson played to its end under 3G, data saver on and off; the HLS bytes the network carried
//   (encoded lengths, from the protocol), per minute of video, against the player's own estimate for the rendition it
//   played (the rendition's bytes, shown under the video).
// Targets: first frame <= 3 s on 3G and <= 6 s on slow; data saver <= 3 MB/min; estimate within 15 %. Exits 1 when
// one is missed. BENCH_VIDEO_RUNS (default 3) runs per profile (the median is kept); BENCH_VIDEO_PORT (default 3138).
/* global window, document, requestAnimationFrame */
import { chromium } from '@playwright/test';
import { buildAndServe, requireChromium } from './serve-built.mjs';

const PROFILES = {
  '3G': { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  slow: { latency: 400, downloadThroughput: (400e3 / 8) | 0, uploadThroughput: (400e3 / 8) | 0 },
};
const TARGET_FIRST_FRAME = { '3G': 3000, slow: 6000 };
const TARGET_SAVER_MB_PER_MIN = 3;
const TARGET_ESTIMATE = 0.15;
const runs = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
const port = process.env.BENCH_VIDEO_PORT ?? '3138';
const MB = 1024 * 1024;

requireChromium();
const server = await buildAndServe({ port, label: 'bench-video' });
const base = server.baseURL;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--autoplay-policy=no-user-gesture-required'],
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The first demo course with a ready preview lesson. */
async function previewCourse() {
  const res = await fetch(`${base}/dl/api/v1/course/all/view/student/courses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNo: 0, pageSize: 20 }),
  });
  for (const c of (await res.json()).coursesDtos) {
    const one = await fetch(`${base}/dl/api/v1/course/view/singlecourse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ courseId: c.id }),
    }).then((r) => r.json());
    const series = one.coursesDto.sectionDto.flatMap((s) => s.seriesList).find((s) => s.preview && s.hlsLink);
    if (series) return { id: c.id, series };
  }
  throw new Error('No demo course has a ready preview lesson');
}

/** A fresh browser context (empty HTTP cache), its CDP session and a counter of the HLS bytes it receives. */
async function open(saver) {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
  await context.addInitScript((on) => localStorage.setItem('devlearn.video.dataSaver', String(on)), saver);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const hls = { bytes: 0, byHeight: new Map(), keys: 0 };
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId) ?? '';
    // The encrypted ladder's key, fetched with the stream's key token (docs/media.md).
    if (/\/media\/key\//.test(url)) hls.keys++;
    if (!/\/media\/hls\//.test(url)) return;
    hls.bytes += e.encodedDataLength;
    const h = /\/(\d+)p\/[^/]+\.ts/.exec(url)?.[1];
    if (h) hls.byHeight.set(Number(h), (hls.byHeight.get(Number(h)) ?? 0) + e.encodedDataLength);
  });
  // Set once the page is open: a browser-started navigation may move the page to a new renderer, which would drop it.
  const throttle = async (profile) => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
    const ms = await page.evaluate(async () => {
      const t = performance.now();
      await fetch(`/favicon.svg?probe=${Math.random()}`, { cache: 'no-store' });
      return performance.now() - t;
    });
    if (ms < PROFILES[profile].latency) throw new Error(`The ${profile} profile is not applied (${ms} ms)`);
  };
  return { context, page, hls, throttle };
}

/**
 * Click on Preview → first decoded frame, in ms, with the app's code already in the HTTP cache; and the keys the
 * player fetched on the way (an encrypted ladder needs one before its first segment decodes).
 */
async function firstFrame(course, profile) {
  const { context, page, hls, throttle } = await open(true);
  try {
    // The earlier visit: code and fonts cached (hashed assets are immutable).
    await page.goto(`/view-course/${course.id}?series=${course.series.id}`);
    await page.locator('video[data-engine]').waitFor();
    await page.goto(`/course/${course.id}`, { waitUntil: 'load' });
    await throttle(profile);
    const link = page.getByRole('link', { name: 'Preview', exact: true }).first();
    await link.waitFor();
    await page.evaluate(() => {
      window.__firstFrame = new Promise((resolve) => {
        const watch = () => {
          const v = document.querySelector('video');
          if (!v) return requestAnimationFrame(watch);
          v.requestVideoFrameCallback((now) => resolve(now));
        };
        watch();
      });
      document.addEventListener('click', () => (window.__clickAt = performance.now()), {
        capture: true,
        once: true,
      });
    });
    hls.keys = 0;
    await link.click();
    const ms = await page.evaluate(async () => (await window.__firstFrame) - window.__clickAt);
    return { ms, keys: hls.keys };
  } finally {
    await context.close();
  }
}

/** Plays the lesson to its end under 3G; the HLS bytes against the player's estimate for what it played. */
async function dataUse(course, saver) {
  const { context, page, hls, throttle } = await open(saver);
  try {
    await page.goto(`/course/${course.id}`, { waitUntil: 'load' });
    await throttle('3G');
    await page.getByRole('link', { name: 'Preview', exact: true }).first().click();
    const video = page.locator('video[data-engine="hls.js"]');
    await video.waitFor();
    await video.evaluate((v) => (v.paused ? v.play().catch(() => undefined) : undefined));
    await page.waitForFunction(() => document.querySelector('video')?.ended, null, { timeout: 120_000 });
    const seconds = await video.evaluate((v) => v.duration);
    const [height, segmentBytes] = [...hls.byHeight.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    const rendition = course.series.renditions.find((r) => r.height === height);
    return {
      mbPerMinute: hls.bytes / MB / (seconds / 60),
      heights: [...hls.byHeight.keys()].sort((a, b) => a - b),
      estimateError: rendition ? Math.abs(rendition.bytes - segmentBytes) / segmentBytes : NaN,
      height,
    };
  } finally {
    await context.close();
  }
}

let failed = false;
const check = (ok, line) => {
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${line}`);
};
try {
  const course = await previewCourse();
  console.log(`course ${course.id}, preview lesson ${course.series.id} (${course.series.durationSeconds} s)`);
  for (const profile of Object.keys(PROFILES)) {
    const times = [];
    const keys = [];
    for (let i = 0; i < runs; i++) {
      const run = await firstFrame(course, profile);
      times.push(run.ms);
      keys.push(run.keys);
    }
    const ms = median(times);
    check(
      ms <= TARGET_FIRST_FRAME[profile],
      `first frame on ${profile}: median ${(ms / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')}; keys fetched per run ${keys.join(', ')}; target ≤ ${TARGET_FIRST_FRAME[profile] / 1000} s)`,
    );
  }
  for (const saver of [true, false]) {
    const use = await dataUse(course, saver);
    const label = `data saver ${saver ? 'on ' : 'off'}`;
    const line = `${label}: ${use.mbPerMinute.toFixed(2)} MB per minute (renditions fetched: ${use.heights.map((h) => `${h}p`).join(', ')})`;
    if (saver)
      check(use.mbPerMinute <= TARGET_SAVER_MB_PER_MIN, `${line}; target ≤ ${TARGET_SAVER_MB_PER_MIN}`);
    else console.log(`     ${line}`);
    check(
      use.estimateError <= TARGET_ESTIMATE,
      `${label}: the player's estimate for ${use.height}p is ${(use.estimateError * 100).toFixed(1)} % from the bytes fetched (target ≤ 15 %)`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
