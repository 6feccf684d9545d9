import type { OpName } from './operation-routes.ts';
import { ZOkResponse } from './common.ts';
import { ZGiftCodeRequest, ZGiftPassOnRequest, ZGiftPreviewResponse, ZGiftRedeemResponse } from './gifts.ts';
import { type Operation } from './operations-common.ts';

/** Gifts: what a code holds (public: the code is the secret), redeeming it, passing it on (docs/payments.md). */
export const GIFT_OPS = {
  giftPreview: { request: ZGiftCodeRequest, answer: ZGiftPreviewResponse, refusals: [400, 404] },
  // 409: the student already owns every course of the gift (they may pass it on instead).
  giftRedeem: {
    request: ZGiftCodeRequest,
    answer: ZGiftRedeemResponse,
    refusals: [400, 401, 403, 404, 409],
  },
  giftPassOn: { request: ZGiftPassOnRequest, answer: ZOkResponse, refusals: [400, 401, 403, 404] },
} as const satisfies Partial<Record<OpName, Operation>>;
