import { describe, expect, it } from 'vitest';
import { DownloadQueue, type DownloadRecord, type FileStore, type QueueDeps } from './download-queue.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360',
  '360p/index.m3u8',
].join('\n');
// A lesson with captions in English and Pidgin: subtitle renditions named by the master playlist.
const MASTER_WITH_CAPTIONS = [
  '#EXTM3U',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=NO,URI="subs/9/en.m3u8"',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pcm",NAME="Naijá",DEFAULT=NO,AUTOSELECT=NO,URI="subs/9/pcm.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240,SUBTITLES="subs"',
  '240p/index.m3u8',
].join('\n');
const SUBTITLE_PLAYLIST = (language: string) =>
  `#EXTM3U\n#EXT-X-TARGETDURATION:12\n#EXTINF:12.000,\n${language}.vtt?sig=x\n#EXT-X-ENDLIST\n`;
const variant = (n: number) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    ...Array.from({ length: n }, (_, i) => `#EXTINF:4,\nseg_00${i}.ts`),
    '#EXT-X-ENDLIST',
  ].join('\n');

/** A server with one lesson per series id (3 segments of 100 bytes at 240p, 200 at 360p) and a switch to cut it off. */
function fakeServer() {
  const asked: string[] = [];
  let cutAfter = Infinity;
  let status = 200;
  const fetch = (url: string) => {
    asked.push(new URL(url).pathname);
    if (asked.length > cutAfter) return Promise.reject(new TypeError('Failed to fetch'));
    if (status !== 200) return Promise.resolve(new Response('no', { status }));
    const path = new URL(url).pathname;
    if (path.endsWith('master.m3u8'))
      return Promise.resolve(new Response(path.includes('/9/') ? MASTER_WITH_CAPTIONS : MASTER));
    if (path.endsWith('/subs/9/en.m3u8')) return Promise.resolve(new Response(SUBTITLE_PLAYLIST('en')));
    if (path.endsWith('/subs/9/pcm.m3u8')) return Promise.resolve(new Response(SUBTITLE_PLAYLIST('pcm')));
    if (path.endsWith('.vtt'))
      return Promise.resolve(new Response(`WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n${path}\n`));
    if (path.endsWith('index.m3u8')) return Promise.resolve(new Response(variant(3)));
    if (path.endsWith('.ts'))
      return Promise.resolve(new Response('x'.repeat(path.includes('/360p/') ? 200 : 100)));
    return Promise.resolve(new Response('poster'));
  };
  return {
    fetch,
    asked,
    cutAfter: (n: number) => (cutAfter = asked.length + n),
    reconnect: () => (cutAfter = Infinity),
    refuse: (s: number) => (status = s),
  };
}

function memoryFiles(): FileStore & { files: Map<string, Blob> } {
  const files = new Map<string, Blob>();
  return {
    files,
    size: (url) => Promise.resolve(files.get(url)?.size ?? null),
    put: (url, body) => {
      files.set(url, body);
      return Promise.resolve();
    },
    deletePrefix: (prefix) => {
      for (const k of [...files.keys()]) if (k.startsWith(prefix)) files.delete(k);
      return Promise.resolve();
    },
  };
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const record = (seriesId: number, height = 240): DownloadRecord => ({
  seriesId,
  courseId: 1,
  courseTitle: 'Course',
  lessonTitle: `Lesson ${seriesId}`,
  lessonNumber: seriesId,
  owner: 'ada@example.com',
  height,
  expectedBytes: 300,
  storedBytes: 0,
  segments: 0,
  storedSegments: 0,
  durationSeconds: 12,
  state: 'queued',
  createdAt: 0,
  confirmedAt: 0,
});

function setup() {
  const server = fakeServer();
  const files = memoryFiles();
  const saved = new Map<number, DownloadRecord>();
  const changes: DownloadRecord[] = [];
  const deps: QueueDeps = {
    files,
    fetch: server.fetch,
    source: (r) =>
      Promise.resolve({
        hlsLink: `https://media.test/hls/token/${r.seriesId}/master.m3u8`,
        posterUrl: `https://media.test/hls/token/${r.seriesId}/poster.jpg`,
      }),
    save: (r) => {
      saved.set(r.seriesId, r);
      return Promise.resolve();
    },
    keys: () => Promise.resolve(),
  };
  const queue = new DownloadQueue(deps, (r) => changes.push(r));
  return { server, files, saved, changes, queue };
}

describe('DownloadQueue', () => {
  it('stores the chosen variant, its segments and the poster under /offline/, the master last', async () => {
    const { queue, files, saved, server } = setup();
    await queue.add(record(7, 240));
    await queue.whenIdle();
    expect(saved.get(7)).toMatchObject({ state: 'done', height: 240, segments: 3, storedSegments: 3 });
    expect(saved.get(7)!.storedBytes).toBe(300 + 'poster'.length);
    expect([...files.files.keys()]).toEqual([
      '/offline/7/seg_0.ts',
      '/offline/7/seg_1.ts',
      '/offline/7/seg_2.ts',
      '/offline/7/poster.jpg',
      '/offline/7/index.m3u8',
      '/offline/7/master.m3u8',
    ]);
    expect(server.asked.filter((p) => p.includes('/360p/'))).toEqual([]);
    const local = await readText(files.files.get('/offline/7/index.m3u8')!);
    expect(local).toContain('seg_0.ts\n#EXTINF:4,\nseg_1.ts');
    expect(await readText(files.files.get('/offline/7/master.m3u8')!)).toContain(
      'RESOLUTION=426x240\nindex.m3u8',
    );
  });

  it("stores the lesson's captions and lists them in the local master playlist", async () => {
    const { queue, files, saved } = setup();
    await queue.add(record(9, 240));
    await queue.whenIdle();
    expect(saved.get(9)!.state).toBe('done');
    // A Response's blob (Node's, which has text()).
    const vtt = await files.files.get('/offline/9/sub_pcm.vtt')!.text();
    expect(vtt).toContain('/hls/token/9/subs/9/pcm.vtt');
    expect(await readText(files.files.get('/offline/9/sub_en.m3u8')!)).toContain(
      '#EXTINF:12.000,\nsub_en.vtt\n',
    );
    const master = await readText(files.files.get('/offline/9/master.m3u8')!);
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pcm",NAME="Naijá",DEFAULT=NO,AUTOSELECT=NO,URI="sub_pcm.m3u8"',
    );
    expect(master).toContain('RESOLUTION=426x240,SUBTITLES="subs"\nindex.m3u8');
    // The master is still written last: its presence means every file, captions included, is there.
    expect([...files.files.keys()].at(-1)).toBe('/offline/9/master.m3u8');
  });

  it('downloads one lesson at a time, in the order asked', async () => {
    const { queue, changes } = setup();
    await queue.add(record(1));
    await queue.add(record(2, 360));
    await queue.whenIdle();
    const started = changes
      .filter((c) => c.state === 'downloading' && c.segments === 0)
      .map((c) => c.seriesId);
    expect(started).toEqual([1, 2]);
    const doneOne = changes.findIndex((c) => c.seriesId === 1 && c.state === 'done');
    const startTwo = changes.findIndex((c) => c.seriesId === 2 && c.state === 'downloading');
    expect(doneOne).toBeLessThan(startTwo);
    expect(changes.find((c) => c.seriesId === 2 && c.state === 'done')).toMatchObject({
      height: 360,
      storedBytes: 606,
    });
  });

  it('waits when the connection is lost and resumes from the segments it already has', async () => {
    const { queue, server, saved, files } = setup();
    // master, variant, two segments, then the connection goes.
    server.cutAfter(4);
    await queue.add(record(3));
    await queue.whenIdle();
    expect(saved.get(3)).toMatchObject({ state: 'waiting', storedSegments: 2, storedBytes: 200 });
    expect(files.files.has('/offline/3/master.m3u8')).toBe(false);

    server.reconnect();
    const before = server.asked.length;
    queue.resume();
    await queue.whenIdle();
    const again = server.asked.slice(before);
    expect(again.filter((p) => p.endsWith('.ts'))).toEqual(['/hls/token/3/240p/seg_002.ts']);
    expect(saved.get(3)).toMatchObject({ state: 'done', storedSegments: 3, storedBytes: 306 });
    expect(files.files.has('/offline/3/master.m3u8')).toBe(true);
  });

  it('keeps the lessons after a lost one queued until the connection returns', async () => {
    const { queue, server, saved } = setup();
    server.cutAfter(0);
    await queue.add(record(4));
    await queue.add(record(5));
    await queue.whenIdle();
    expect(saved.get(4)?.state).toBe('waiting');
    expect(saved.get(5)?.state).toBe('queued');
    server.reconnect();
    queue.resume();
    await queue.whenIdle();
    expect(saved.get(4)?.state).toBe('done');
    expect(saved.get(5)?.state).toBe('done');
  });

  it('fails with a reason when the server refuses the files', async () => {
    const { queue, server, saved } = setup();
    server.refuse(403);
    await queue.add(record(6));
    await queue.whenIdle();
    expect(saved.get(6)).toMatchObject({ state: 'failed', error: 'This lesson is not yours to download.' });
  });

  it('stops a cancelled download without marking it failed', async () => {
    const { queue, saved } = setup();
    const added = queue.add(record(8));
    queue.cancel(8);
    await added;
    await queue.whenIdle();
    expect(saved.get(8)?.state).not.toBe('failed');
  });
});
