import type { AppContext } from '../context.ts';
import {
  ENCRYPT_LADDER_JOB,
  encryptExistingLadder,
  type EncryptLadderPayload,
} from '../commands/encrypt-ladder.ts';
import { registerJob } from '../queue/queue.ts';

registerJob<EncryptLadderPayload, AppContext>(
  ENCRYPT_LADDER_JOB,
  async ({ mediaKey }, run) => {
    await encryptExistingLadder(run.ctx, mediaKey, run.signal);
  },
  { maxAttempts: 5 },
);
