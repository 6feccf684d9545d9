import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../../src/services/storage/disk.ts';

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
});
