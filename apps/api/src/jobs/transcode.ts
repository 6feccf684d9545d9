import type { AppContext } from '../context.ts';
import {
  markVideoFailed,
  TRANSCODE_JOB,
  type TranscodePayload,
  transcodeMedia,
} from '../commands/transcode-media.ts';
import { transcodeSeconds } from '../lib/metrics.ts';
import { PermanentJobError, registerJob } from '../queue/queue.ts';
import { UnreadableVideoError } from '../services/video/ffmpeg.ts';

registerJob<TranscodePayload, AppContext>(
  TRANSCODE_JOB,
  async ({ mediaKey }, run) => {
    const timer = transcodeSeconds.startTimer();
    try {
      await transcodeMedia(run.ctx, mediaKey, run.signal);
      timer({ outcome: 'ready' });
    } catch (err) {
      if (run.signal.aborted) throw err;
      timer({ outcome: 'failed' });
      if (err instanceof UnreadableVideoError) {
        await markVideoFailed(run.ctx, mediaKey, err.message);
        throw new PermanentJobError(err.message);
      }
      if (run.lastAttempt)
        await markVideoFailed(
          run.ctx,
          mediaKey,
          `The video could not be converted: ${(err as Error).message}`,
        );
      throw err;
    }
  },
  { maxAttempts: 3 },
);
