import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegBinary, runFfmpeg, transcodeToHls } from './ffmpeg.ts';

const bin = ffmpegBinary(process.env.FFMPEG_PATH);
const work = mkdtempSync(path.join(tmpdir(), 'devlearn-ffmpeg-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// Ten minutes of generated picture: far longer than any test waits, so only a stop ends it early.
const endless = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=600', '-f', 'null', '-'];

describe('stopping ffmpeg (worker shutdown)', () => {
  it('kills a run when the stop comes while it runs', async () => {
    const stop = new AbortController();
    const run = runFfmpeg(bin, endless, stop.signal);
    setTimeout(() => stop.abort(), 300);
    await expect(run).rejects.toThrow('Stopped.');
  });

  it('starts nothing when the stop came before the run, so a transcode between two steps ends at once', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(runFfmpeg(bin, endless, stop.signal)).rejects.toThrow('Stopped.');
    // A stopped transcode is not reported as an unreadable video, and writes nothing.
    const out = path.join(work, 'out');
    await expect(transcodeToHls(bin, path.join(work, 'missing.mp4'), out, stop.signal)).rejects.toThrow(
      'Stopped.',
    );
    expect(existsSync(out)).toBe(false);
  });
});
