import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStorage, STALE_TEMP_MS, sweepStaleTemp } from '../../src/services/storage/disk.ts';

describe('disk storage', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('leaves no temp file when an upload fails before its file is even open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'devlearn-disk-'));
    dirs.push(dir);
    const storage = diskStorage(dir, 'secret');
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('The image is too large.'));
        },
      });
    // Many at once, as on a busy server: the failure races the opening of each temp file.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => storage.put(`images/a${i}.png`, failing(), 'image/png')),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(path.join(dir, 'media', '.tmp'))).toEqual([]);
    expect(await storage.stat('images/a0.png')).toBeNull();
  });

  it("a starting instance leaves another instance's upload in progress alone, and sweeps only stale leftovers", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'devlearn-disk-'));
    dirs.push(dir);
    const tmp = path.join(dir, 'media', '.tmp');
    mkdirSync(tmp, { recursive: true });
    // A leftover of a process killed mid-upload two hours ago, and another instance's upload being written now.
    writeFileSync(path.join(tmp, 'stale'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * STALE_TEMP_MS);
    utimesSync(path.join(tmp, 'stale'), twoHoursAgo, twoHoursAgo);
    const body = new Readable({ read() {} });
    const push = (chunk: Buffer | null) => body.push(chunk);
    const first = diskStorage(dir, 'secret');
    const writing = first.put('videos/long.mp4', body, 'video/mp4');
    push(Buffer.alloc(1000, 1));
    await new Promise((r) => setTimeout(r, 50));

    // The second instance on the same folder starts while the upload is in flight.
    diskStorage(dir, 'secret');
    await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(tmp)).toHaveLength(1); // the upload's temp file; the stale one is gone
    push(Buffer.alloc(1000, 2));
    push(null);
    expect(await writing).toEqual({ size: 2000 });
    expect((await first.stat('videos/long.mp4'))?.size).toBe(2000);

    // A sweep an hour later removes what nobody writes to any more, and nothing younger.
    writeFileSync(path.join(tmp, 'fresh'), 'x');
    expect(await sweepStaleTemp(tmp, Date.now() + STALE_TEMP_MS - 60_000)).toBe(0);
    expect(await sweepStaleTemp(tmp, Date.now() + STALE_TEMP_MS + 1000)).toBe(1);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
