import type { OpName } from './operation-routes.ts';
import { ZOkResponse } from './common.ts';
import {
  ZCaptionDeleteRequest,
  ZCaptionListRequest,
  ZCaptionListResponse,
  ZCaptionUploadRequest,
  ZCaptionUploadResponse,
  ZTranscriptSearchRequest,
  ZTranscriptSearchResponse,
} from './captions.ts';
import { ON_A_RECORD, type Operation } from './operations-common.ts';

/** Captions and transcripts: a lesson's captions per language (docs/media.md, "Captions"), the course's search. */
export const CAPTION_OPS = {
  captionUpload: {
    request: ZCaptionUploadRequest,
    answer: ZCaptionUploadResponse,
    refusals: [400, 401, 403, 404, 413],
  },
  captionList: { request: ZCaptionListRequest, answer: ZCaptionListResponse, refusals: ON_A_RECORD },
  captionDelete: { request: ZCaptionDeleteRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  transcriptSearch: {
    request: ZTranscriptSearchRequest,
    answer: ZTranscriptSearchResponse,
    refusals: ON_A_RECORD,
  },
} as const satisfies Partial<Record<OpName, Operation>>;
