import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decryptSegment,
  encryptLadderDir,
  newLadderKeys,
  openKeys,
  sealKeys,
  segmentCount,
} from './hls-crypto.ts';

const work = mkdtempSync(path.join(tmpdir(), 'devlearn-hls-crypto-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A 240p rendition of `n` fake segments, as ffmpeg writes its playlist. */
function ladder(n: number): string {
  const dir = path.join(work, `ladder-${n}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(dir, '240p'), { recursive: true });
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5', '#EXT-X-MEDIA-SEQUENCE:0'];
  for (let i = 0; i < n; i++) {
    writeFileSync(path.join(dir, '240p', `seg_${i}.ts`), Buffer.alloc(188 * 7, i + 1));
    lines.push('#EXTINF:5.000000,', `seg_${i}.ts`);
  }
  lines.push('#EXT-X-ENDLIST', '');
  writeFileSync(path.join(dir, '240p', 'index.m3u8'), lines.join('\n'));
  return dir;
}

describe('AES-128 HLS encryption', () => {
  it('rotates the key every N segments, each segment decrypting with its key and its sequence number as IV', async () => {
    const dir = ladder(5);
    expect(await segmentCount(dir)).toBe(5);
    const keys = newLadderKeys(5, 2);
    expect(keys.keys).toHaveLength(3);
    expect(await encryptLadderDir(dir, 'abc', keys)).toBe(5);
    const playlist = readFileSync(path.join(dir, '240p', 'index.m3u8'), 'utf8');
    expect(playlist.match(/#EXT-X-KEY:METHOD=AES-128,URI="\/media\/key\/abc\/\d"/g)).toEqual([
      '#EXT-X-KEY:METHOD=AES-128,URI="/media/key/abc/0"',
      '#EXT-X-KEY:METHOD=AES-128,URI="/media/key/abc/1"',
      '#EXT-X-KEY:METHOD=AES-128,URI="/media/key/abc/2"',
    ]);
    // Each key tag comes right before the #EXTINF of the first segment it covers.
    expect(playlist).toContain('URI="/media/key/abc/1"\n#EXTINF:5.000000,\nseg_2.ts');
    for (let i = 0; i < 5; i++) {
      const cipher = readFileSync(path.join(dir, '240p', `seg_${i}.ts`));
      expect(cipher.equals(Buffer.alloc(188 * 7, i + 1))).toBe(false);
      expect(
        decryptSegment(cipher, keys.keys[Math.floor(i / 2)]!, i).equals(Buffer.alloc(188 * 7, i + 1)),
      ).toBe(true);
      expect(() => decryptSegment(cipher, keys.keys[(Math.floor(i / 2) + 1) % 3]!, i)).toThrow();
    }
  });

  it('uses one key for the lesson when rotation is off', async () => {
    const dir = ladder(4);
    const keys = newLadderKeys(4, 0);
    await encryptLadderDir(dir, 'one', keys);
    expect(keys.keys).toHaveLength(1);
    expect(readFileSync(path.join(dir, '240p', 'index.m3u8'), 'utf8').match(/#EXT-X-KEY/g)).toHaveLength(1);
  });

  it('seals the keys with the app secret: another secret cannot open them', () => {
    const keys = newLadderKeys(3, 0);
    const sealed = sealKeys('secret-one-secret-one-secret-one-0', keys);
    expect(sealed).not.toContain(keys.keys[0]!.toString('base64'));
    expect(openKeys('secret-one-secret-one-secret-one-0', sealed).keys[0]!.equals(keys.keys[0]!)).toBe(true);
    expect(() => openKeys('secret-two-secret-two-secret-two-0', sealed)).toThrow();
  });
});
