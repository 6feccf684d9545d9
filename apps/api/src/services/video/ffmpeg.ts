import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The ffmpeg to run: FFMPEG_PATH, else the binary that came with npm install (@ffmpeg-installer/ffmpeg). */
export function ffmpegBinary(configured?: string): string {
  if (configured) return configured;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** An input ffmpeg cannot use (not a video, no picture): retrying will not help. */
export class UnreadableVideoError extends Error {}

/** Runs ffmpeg and resolves with its stderr (where it reports); rejects with the last lines when it fails. */
export function runFfmpeg(bin: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // A stop that came before this run: an 'abort' listener added now would never fire, and ffmpeg would run on.
    if (signal?.aborted) return reject(new Error('Stopped.'));
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.length > 200_000) err = err.slice(-100_000);
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (e) => {
      signal?.removeEventListener('abort', abort);
      reject(new Error(`ffmpeg could not be started (${bin}): ${e.message}`));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (code === 0) resolve(err);
      else if (signal?.aborted) reject(new Error('Stopped.'));
      else reject(new Error(err.trim().split('\n').slice(-3).join(' ') || `ffmpeg exited with ${code}`));
    });
  });
}

export type Probe = { durationSeconds: number; width: number; height: number; hasAudio: boolean };

/** Duration, picture size and audio presence, read from what `ffmpeg -i` prints (no ffprobe needed). */
export async function probe(bin: string, input: string, signal?: AbortSignal): Promise<Probe> {
  // `-i` alone exits non-zero ("no output file") after printing the stream facts we want.
  const report = await runFfmpeg(bin, ['-i', input, '-f', 'null', '-t', '0', '-'], signal).catch(
    (e: Error) => {
      if (signal?.aborted) throw e;
      return e.message;
    },
  );
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(report);
  const v = /Stream #[^\n]*Video:[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(report);
  if (!d || !v) throw new UnreadableVideoError('The file is not a video that can be played.');
  const durationSeconds = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
  if (!(durationSeconds > 0)) throw new UnreadableVideoError('The video is empty.');
  return {
    durationSeconds,
    width: Number(v[1]),
    height: Number(v[2]),
    hasAudio: /Stream #[^\n]*Audio:/.test(report),
  };
}

/** The ladder: target height, video and audio bitrate (kbit/s). Low rungs are for 2G/3G data plans. */
export const LADDER = [
  { height: 240, videoKbps: 300, audioKbps: 64 },
  { height: 360, videoKbps: 600, audioKbps: 96 },
  { height: 720, videoKbps: 2000, audioKbps: 128 },
] as const;

/** Segment length: every rung cuts at the same forced keyframes, so players can switch between segments. */
export const SEGMENT_SECONDS = 5;

/** The rungs for a source: never upscaled; a source below 240p gets one rung at its own height. */
export function ladderFor(sourceHeight: number) {
  const rungs = LADDER.filter((r) => r.height <= sourceHeight);
  if (rungs.length) return rungs;
  return [{ ...LADDER[0], height: Math.max(2, sourceHeight - (sourceHeight % 2)) }];
}

export type Rendition = { height: number; bitrateKbps: number; bytes: number };

/**
 * Transcodes `input` into an HLS ladder under `outDir` (master.m3u8, `<h>p/index.m3u8` with `seg_NNN.ts`) and a
 * poster.jpg, in one ffmpeg run for the ladder (decoding once). Returns the facts the player shows.
 */
export async function transcodeToHls(
  bin: string,
  input: string,
  outDir: string,
  signal?: AbortSignal,
): Promise<{ durationSeconds: number; renditions: Rendition[] }> {
  const info = await probe(bin, input, signal);
  const rungs = ladderFor(info.height);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`);
  const args = ['-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (info.hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-c:v:${i}`,
      'libx264',
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.2)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    );
    if (info.hasAudio) args.push(`-c:a:${i}`, 'aac', `-b:a:${i}`, `${r.audioKbps}k`, `-ac:a:${i}`, '2');
  });
  args.push(
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg_%03d.ts'),
    '-var_stream_map',
    rungs.map((_, i) => (info.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    path.join(outDir, '%v', 'index.m3u8'),
  );
  await mkdir(outDir, { recursive: true });
  await runFfmpeg(bin, args, signal);

  const renditions: Rendition[] = [];
  for (const [i, r] of rungs.entries()) {
    const dir = path.join(outDir, `${r.height}p`);
    await rename(path.join(outDir, String(i)), dir);
    let bytes = 0;
    for (const f of await readdir(dir)) if (f.endsWith('.ts')) bytes += (await stat(path.join(dir, f))).size;
    renditions.push({
      height: r.height,
      bitrateKbps: Math.round((bytes * 8) / info.durationSeconds / 1000),
      bytes,
    });
  }
  const widthOf = (h: number) => Math.round((info.width * h) / info.height / 2) * 2;
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.round(r.bitrateKbps * 1.2)) * 1000},RESOLUTION=${widthOf(r.height)}x${r.height},CODECS="avc1.4d401f${info.hasAudio ? ',mp4a.40.2' : ''}"`,
      `${r.height}p/index.m3u8`,
    ]),
    '',
  ].join('\n');
  await writeFile(path.join(outDir, 'master.m3u8'), master);
  await runFfmpeg(
    bin,
    [
      '-y',
      '-ss',
      String(Math.min(1, info.durationSeconds / 3)),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:${Math.min(360, info.height)}`,
      '-q:v',
      '5',
      path.join(outDir, 'poster.jpg'),
    ],
    signal,
  );
  return { durationSeconds: Math.round(info.durationSeconds * 10) / 10, renditions };
}
