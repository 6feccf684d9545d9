import type { OpName } from './operation-routes.ts';
import { ZOkResponse } from './common.ts';
import { ZEmptyRequest } from './payouts.ts';
import {
  ZDeviceListRequest,
  ZDeviceListResponse,
  ZDeviceRemoveRequest,
  ZEncryptionProgressResponse,
  ZEndOldestRequest,
  ZPlaybackResponse,
  ZPlaybackStartRequest,
  ZSharingReportRequest,
  ZSharingReportResponse,
  ZStreamRequest,
  ZTamperRequest,
  ZWatermarkLookupRequest,
  ZWatermarkLookupResponse,
} from './protection.ts';
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/** Protected video: playback streams and their keys' tokens, devices, and the admins' tracing and reports. */
export const PROTECTION_OPS = {
  playbackStart: {
    request: ZPlaybackStartRequest,
    answer: ZPlaybackResponse,
    refusals: [400, 401, 403, 404, 409],
  },
  playbackBeat: { request: ZStreamRequest, answer: ZPlaybackResponse, refusals: [400, 401, 403, 404, 409] },
  playbackStop: { request: ZStreamRequest, answer: ZOkResponse, refusals: [400, 401, 403, 404] },
  playbackEndOldest: { request: ZEndOldestRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  playbackTamper: { request: ZTamperRequest, answer: ZOkResponse, refusals: [400, 401, 403, 404] },
  deviceList: { request: ZDeviceListRequest, answer: ZDeviceListResponse, refusals: SIGNED_IN },
  deviceRemove: { request: ZDeviceRemoveRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  watermarkLookup: {
    request: ZWatermarkLookupRequest,
    answer: ZWatermarkLookupResponse,
    refusals: ON_A_RECORD,
  },
  sharingReport: { request: ZSharingReportRequest, answer: ZSharingReportResponse, refusals: SIGNED_IN },
  encryptionProgress: { request: ZEmptyRequest, answer: ZEncryptionProgressResponse, refusals: SIGNED_IN },
} as const satisfies Partial<Record<OpName, Operation>>;
