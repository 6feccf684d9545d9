import type { AppContext } from '../context.ts';
import { GIFT_SEND_JOB, sendGift, type GiftSendPayload } from '../commands/gifts.ts';
import { registerJob } from '../queue/queue.ts';

/** Emails a gift to its recipient, on payment or on its send date (commands/gifts.ts `sendGift`). */
registerJob<GiftSendPayload, AppContext>(
  GIFT_SEND_JOB,
  async ({ giftId }, run) => {
    const outcome = await sendGift(run.ctx, giftId);
    if (outcome === 'sent') run.ctx.log.info({ giftId }, 'gift emailed to its recipient');
  },
  { maxAttempts: 8 },
);
