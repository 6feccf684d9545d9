import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';

import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';

const precompress = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url));

describe('compression and HTTP caching', () => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('x'.repeat(40))});\n`.repeat(200);

  beforeAll(async () => {
    // A small built web app, precompressed by the same script the build runs.
    webDist = mkdtempSync(path.join(tmpdir(), 'devlearn-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><title>DevLearn</title>${'<p>hi</p>'.repeat(200)}`,
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), script);
    // The server render a build makes beside it (renderer.ts): here every page is one the browser renders alone.
    mkdirSync(path.join(webDist, 'server'));
    writeFileSync(
      path.join(webDist, 'server', 'entry-server.js'),
      'export const createRenderer = () => async () => null;\n',
    );
    execFileSync(process.execPath, [precompress, webDist]);
    t = await startTestApp({ webDist });
  }, 120_000); // a build step and a server start: slow on a busy 2-core machine
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  }, 120_000);

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers });

  it('sends the entry script precompressed (brotli or gzip) with Vary, and as is without Accept-Encoding', async () => {
    const br = await get('/assets/index-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script.length / 10);
    expect(await br.text()).toBe(script); // fetch decodes it
    const gz = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    await gz.text();
    const plain = await get('/assets/index-abc.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('index.html: compressed, revalidated (no-cache) and 304 on a matching ETag', async () => {
    const first = await get('/courses/1', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.text();
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/courses/1', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    expect((await get('/courses/1', { 'if-none-match': etag })).status).toBe(304);
  });

  it('compresses JSON of 1 KB and more, with an ETag and 304 for GET; small answers go as they are', async () => {
    const tutor = await buildTutor(t);
    for (let i = 0; i < 3; i++) await buildApprovedCourse(t, tutor);
    const list = await fetch(`${t.url}${API_BASE}${opPath('studentCourses')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ pageSize: 10, pageNo: 0 }),
    });
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect(list.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(((await list.json()) as { coursesDtos: unknown[] }).coursesDtos.length).toBeGreaterThanOrEqual(3);

    // A signed-in viewer's answer (never cached) is compressed on the fly.
    const viewer = await buildStudent(t);
    const own = await fetch(`${t.url}${API_BASE}${opPath('studentCourses')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br', apiKey: viewer.token },
      body: JSON.stringify({ pageSize: 10, pageNo: 0 }),
    });
    expect(own.headers.get('x-cache')).toBeNull();
    expect(own.headers.get('content-encoding')).toBe('br');
    await own.text();

    const groups = await get(`${API_BASE}${opPath('courseGroups')}`, { 'accept-encoding': 'br' });
    expect(groups.status).toBe(200);
    expect(groups.headers.get('content-encoding')).toBeNull(); // a few hundred bytes
    expect(groups.headers.get('cache-control')).toBe('public, max-age=60');
    await groups.text();
    const etag = groups.headers.get('etag')!;
    const again = await get(`${API_BASE}${opPath('courseGroups')}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Also for an answer that did not come from the cache (a signed-in student's own list).
    const student = await buildStudent(t);
    const mine = await get(`${API_BASE}${opPath('userAllCourses')}`, { apiKey: student.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    await mine.text();
    const mineAgain = await get(`${API_BASE}${opPath('userAllCourses')}`, {
      apiKey: student.token,
      'if-none-match': mine.headers.get('etag')!,
    });
    expect(mineAgain.status).toBe(304);
    await mineAgain.text();
  });

  it('leaves video and images alone', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    const video = await t.ctx.storage.signedUrl(course.videoKey, tutor.id, 600);
    for (const url of [video, `/media/${course.imageKey}`]) {
      const res = await get(url.replace(/^https?:\/\/[^/]+/, ''), { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('content-encoding')).toBeNull();
      await res.arrayBuffer(); // an unread body keeps the connection busy and app.close() waiting
    }
  });
});
