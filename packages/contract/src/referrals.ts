import { z } from 'zod';
import { envelope, ZId, ZIdInput } from './common.ts';

// Tutors' referral links (docs/payments.md, "Referral links").

/** A link's code as it appears in `?ref=`: the server makes 10 lower-case letters and digits. */
export const REFERRAL_CODE = /^[a-z0-9]{6,32}$/;

/** An attribution as the server signs it (`<visit id>.<signature>`); the client only keeps and returns it. */
export const ZReferralAttribution = z.string().max(200);

/** `POST /referral/link {courseId}` (the course's tutor): the course's referral link, made once and kept. */
export const ZReferralLinkRequest = z.object({ courseId: ZIdInput });
export type TReferralLinkRequest = z.input<typeof ZReferralLinkRequest>;

export const ZReferralLink = z.object({
  courseId: ZId,
  code: z.string(),
  /** `<web address>/course/<id>?ref=<code>` */
  url: z.string(),
  /** A QR code of `url` (`data:image/png;base64,…`). */
  qrCode: z.string(),
  /** The fee of a referral sale and of any other sale, in whole percent; the attribution's days. */
  referralFeePercent: z.number(),
  platformFeePercent: z.number(),
  days: z.number(),
});
export type TReferralLink = z.infer<typeof ZReferralLink>;
export const ZReferralLinkResponse = envelope({ link: ZReferralLink });
export type TReferralLinkResponse = z.infer<typeof ZReferralLinkResponse>;

/**
 * `POST /referral/visit {code, courseId}` (a guest or any signed-in account): records a visit of the course through
 * the link and answers its signed attribution, or null for a code that is unknown, malformed, for another course,
 * or the tutor's own visit (never an error).
 */
export const ZReferralVisitRequest = z.object({ code: z.string().max(200), courseId: ZIdInput });
export type TReferralVisitRequest = z.input<typeof ZReferralVisitRequest>;
export const ZReferralVisitResponse = envelope({
  attribution: ZReferralAttribution.nullable(),
  /** When the attribution ends (ISO), null without one. */
  expiresAt: z.string().nullable(),
});
export type TReferralVisitResponse = z.infer<typeof ZReferralVisitResponse>;

/** `POST /referral/stats {courseId?}` (tutor): visits, referral sales and what they earned beyond the usual share. */
export const ZReferralStatsRequest = z.object({ courseId: ZIdInput.optional() });
export type TReferralStatsRequest = z.input<typeof ZReferralStatsRequest>;

const ZReferralFigures = z.object({
  visits: z.number(),
  /** Referral sales not refunded, their naira paid, and the tutor's net beyond what the usual fee would leave. */
  sales: z.number(),
  gross: z.number(),
  extraEarnings: z.number(),
});
export type TReferralFigures = z.infer<typeof ZReferralFigures>;

export const ZReferralStatsResponse = envelope({
  totals: ZReferralFigures,
  courses: z.array(ZReferralFigures.extend({ courseId: ZId, title: z.string() })),
  referralFeePercent: z.number(),
  platformFeePercent: z.number(),
  days: z.number(),
});
export type TReferralStatsResponse = z.infer<typeof ZReferralStatsResponse>;
