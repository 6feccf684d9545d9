import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import { envelope, ZId, ZOptionalText, ZText } from './common.ts';

// Gifts (docs/payments.md, "Gifts"): a course bought for someone else, who redeems it with a single-use code.

export const GIFT_ALREADY_REDEEMED = 'This gift was already redeemed.';
export const GIFT_ALREADY_PASSED_ON = 'This gift was already passed on once.';
export const GIFT_ALREADY_OWNED = 'You already own this course. You can pass the gift on to someone else.';
export const GIFT_NOT_FOUND = 'This gift code is not valid. Check the link or the code in your email.';
export const GIFT_BEING_REFUNDED = 'This gift is being refunded, so it cannot be redeemed.';
export const GIFT_REDEEMED_NO_REFUND = 'This gift was redeemed, so it can no longer be refunded.';
export const GIFT_SEND_DATE_PAST = 'The send date cannot be in the past.';
export const GIFT_SEND_DATE_FAR = 'The send date must be within a year.';

/** A gift's state as its buyer sees it on the order. */
export const GIFT_STATUSES = ['awaiting_payment', 'scheduled', 'sent', 'redeemed', 'refunded'] as const;
export type TGiftStatus = (typeof GIFT_STATUSES)[number];

/** A send date (`YYYY-MM-DD`, a Lagos day): the email goes out at 08:00 Lagos time that day. Empty: on payment. */
const SEND_DATE_FORMAT = 'Enter the send date as a real date (YYYY-MM-DD)';
export const ZGiftSendOn = z
  .union([z.literal(''), z.iso.date({ error: SEND_DATE_FORMAT })], { error: SEND_DATE_FORMAT })
  .optional();

/** 'This is a gift' at checkout: who receives it, a message, and when the email goes (optional). */
export const ZGiftDetails = z.object({
  name: ZText("Recipient's name", 100),
  email: ZEmail,
  message: ZOptionalText('Message', 1000, { multiLine: true }),
  sendOn: ZGiftSendOn,
});
export type TGiftDetails = z.input<typeof ZGiftDetails>;

/** A gift code as the email shows it (`ABCD-EFGH-JKMN-PQRS`); spaces, dashes and case do not matter (the server
 * reads it in its normal form). */
export const ZGiftCode = z
  .string({ error: 'Gift code is required' })
  .trim()
  .min(1, { error: 'Gift code is required' })
  .max(40, { error: 'Gift code is too long' })
  .refine((v) => /^[0-9A-Z]{16}$/.test(v.toUpperCase().replace(/[\s-]/g, '')), {
    error: 'A gift code has 16 letters and digits',
  });

export const ZGiftCodeRequest = z.object({ code: ZGiftCode });
export const ZGiftPassOnRequest = z.object({
  code: ZGiftCode,
  name: ZText("Recipient's name", 100),
  email: ZEmail,
});
export type TGiftPassOnRequest = z.input<typeof ZGiftPassOnRequest>;

/** What the holder of a code learns before redeeming: the courses, who gives them, and the message. */
export const ZGiftPreview = z.object({
  from: z.string(),
  recipientName: z.string(),
  message: z.string(),
  courses: z.array(z.object({ id: ZId, title: z.string() })),
  /** `ready` to redeem; `redeemed` already; `unavailable` (refunded, or being refunded). */
  state: z.enum(['ready', 'redeemed', 'unavailable']),
  /** Whether it may still be passed on (once). */
  canPassOn: z.boolean(),
});
export type TGiftPreview = z.infer<typeof ZGiftPreview>;
export const ZGiftPreviewResponse = envelope({ gift: ZGiftPreview });
export const ZGiftRedeemResponse = envelope({ courseIds: z.array(ZId) });

/** A gift on its buyer's order. */
export const ZOrderGift = z.object({
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  sendOn: z.string().nullable(),
  status: z.enum(GIFT_STATUSES),
  sentAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  /** The email the recipient passed it on to (once), if they did. */
  passedOnTo: z.string().nullable(),
});
export type TOrderGift = z.infer<typeof ZOrderGift>;
