// Transcode benchmark: makes a 1-minute 720p clip with sound, then times the HLS ladder (240p/360p/720p) and
// prints the bytes per minute of each rendition. Run twice: `npm run bench:transcode -w @app/api`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegBinary, transcodeToHls } from '../src/services/video/ffmpeg.ts';

const bin = ffmpegBinary(process.env.FFMPEG_PATH);
const work = mkdtempSync(path.join(tmpdir(), 'devlearn-bench-'));
try {
  const input = path.join(work, 'clip.mp4');
  // testsrc2 moves every frame (harder than a talking head), with a tone: a pessimistic lesson.
  execFileSync(bin, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=60'],
    ...[
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:d=60',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
    ],
    ...['-c:a', 'aac', '-shortest', input],
  ]);
  for (let run = 1; run <= 2; run++) {
    const out = path.join(work, `out${run}`);
    const t0 = process.hrtime.bigint();
    const result = await transcodeToHls(bin, input, out);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`run ${run}: 1-minute 720p clip → HLS ladder in ${seconds.toFixed(1)} s`);
    for (const r of result.renditions) {
      const perMinute = (r.bytes * 60) / result.durationSeconds;
      console.log(
        `  ${r.height}p: ${r.bitrateKbps} kbit/s, ${(perMinute / 1024 / 1024).toFixed(2)} MB per minute`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
