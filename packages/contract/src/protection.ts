import { z } from 'zod';
import { envelope, ZIdInput } from './common.ts';

// ---- protected playback (docs/media.md, "What is protected") ------------------------------------------------

/** The player's heartbeat: a stream without one for STREAM_EXPIRY_SECONDS is over. */
export const HEARTBEAT_SECONDS = 30;
export const STREAM_EXPIRY_SECONDS = 90;

/** The refusal of a stream over MAX_STREAMS (the number is the limit). */
export const streamLimitMessage = (max: number) =>
  `You are watching on ${max} devices already. Stop one to watch here.`;
/** The refusal of a device over MAX_DEVICES. */
export const deviceLimitMessage = (max: number) =>
  `This account is already used on ${max} devices. Remove one under Security to use it here.`;
export const DEVICE_REMOVED_MESSAGE =
  'This device was removed from your account. Sign in again to watch here.';

/** The browser's own random id (kept in its storage), sent with every playback call and key request. */
export const ZDeviceKey = z
  .string({ error: 'deviceId is required' })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'deviceId must be 16 to 100 letters, digits, - or _' });

export const ZPlaybackStartRequest = z.object({
  courseId: ZIdInput,
  seriesId: ZIdInput,
  deviceId: ZDeviceKey,
  /** The stream this player had before (a lesson change): it ends first, so it never counts twice. */
  replaces: z.string().max(100).optional(),
  /** A download for offline use, not a player: paused while the course's instalment plan is late. */
  offline: z.boolean().optional(),
});
export type TPlaybackStartRequest = z.infer<typeof ZPlaybackStartRequest>;

export const ZPlayback = z.object({
  streamId: z.string(),
  /** The short code the watermark shows (an admin finds the viewer by it). */
  code: z.string(),
  /** Sent in the `X-Key-Token` header of key requests (with `X-Device-Id` and `apiKey`); 5 minutes. */
  keyToken: z.string(),
  /** What the watermark names: the viewer's masked email or phone ("Guest preview" for a guest). */
  viewer: z.string(),
  heartbeatSeconds: z.number().int(),
});
export type TPlayback = z.infer<typeof ZPlayback>;
export const ZPlaybackResponse = envelope({ playback: ZPlayback });
export type TPlaybackResponse = z.infer<typeof ZPlaybackResponse>;

export const ZStreamRequest = z.object({
  streamId: z.string({ error: 'streamId is required' }).min(1).max(100),
  deviceId: ZDeviceKey,
});
export type TStreamRequest = z.infer<typeof ZStreamRequest>;

export const ZEndOldestRequest = z.object({ deviceId: ZDeviceKey });

export const ZTamperRequest = ZStreamRequest.extend({
  /** What the player saw: the overlay removed, hidden, or moved out of sight. */
  what: z.string().max(200),
});

// ---- devices (Security) ------------------------------------------------------------------------------------

export const ZDeviceListRequest = z.object({ deviceId: ZDeviceKey.optional() }).optional();
export const ZDeviceDto = z.object({
  id: z.number().int(),
  name: z.string(),
  /** This browser. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** A video is playing there now. */
  watching: z.boolean(),
});
export type TDeviceDto = z.infer<typeof ZDeviceDto>;
export const ZDeviceListResponse = envelope({
  devices: z.array(ZDeviceDto),
  maxDevices: z.number().int(),
  /** What the server knows of this browser: removed means its downloads and keys must go. */
  thisDevice: z.enum(['registered', 'removed', 'unknown']),
});
export type TDeviceListResponse = z.infer<typeof ZDeviceListResponse>;
export const ZDeviceRemoveRequest = z.object({ id: ZIdInput });

// ---- admin -------------------------------------------------------------------------------------------------

export const ZWatermarkLookupRequest = z.object({
  code: z
    .string({ error: 'The code is required' })
    .trim()
    .min(4, { error: 'The code is at least 4 characters' })
    .max(20, { error: 'The code is at most 20 characters' }),
});
export const ZWatermarkLookupResponse = envelope({
  stream: z.object({
    code: z.string(),
    accountId: z.number().int().nullable(),
    email: z.string().nullable(),
    fullName: z.string().nullable(),
    deviceId: z.number().int().nullable(),
    deviceName: z.string().nullable(),
    courseTitle: z.string().nullable(),
    lessonTitle: z.string().nullable(),
    network: z.string().nullable(),
    startedAt: z.string(),
    lastBeatAt: z.string(),
    endedAt: z.string().nullable(),
    tamperedAt: z.string().nullable(),
  }),
});
export type TWatermarkLookupResponse = z.infer<typeof ZWatermarkLookupResponse>;

export const ZSharingReportRequest = z
  .object({ days: z.coerce.number().int().min(1).max(90).optional() })
  .optional();
export const ZSharingReportResponse = envelope({
  limit: z.number().int(),
  rows: z.array(
    z.object({
      accountId: z.number().int(),
      email: z.string(),
      fullName: z.string(),
      /** The day (Lagos time, YYYY-MM-DD). */
      day: z.string(),
      networks: z.number().int(),
      streams: z.number().int(),
    }),
  ),
});
export type TSharingReportResponse = z.infer<typeof ZSharingReportResponse>;

export const ZEncryptionProgressResponse = envelope({
  total: z.number().int(),
  encrypted: z.number().int(),
  plain: z.number().int(),
});
export type TEncryptionProgressResponse = z.infer<typeof ZEncryptionProgressResponse>;
