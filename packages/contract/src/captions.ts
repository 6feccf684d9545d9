import { z } from 'zod';
import {
  CAPTION_LANGUAGE_PATTERN,
  MAX_CAPTION_BYTES,
  TRANSCRIPT_SEARCH_MAX,
  TRANSCRIPT_SEARCH_MIN,
} from './caption-languages.ts';
import { envelope, ZId, ZIdInput } from './common.ts';

/** A caption's language: a BCP-47 tag, kept lower-case (`en`, `pcm`, `pt-br`). */
export const ZCaptionLanguage = z
  .string()
  .trim()
  .regex(CAPTION_LANGUAGE_PATTERN, 'language must be a language code such as en, pcm, yo, ha, ig or pt-BR.')
  .transform((s) => s.toLowerCase());

/**
 * `POST /caption/upload`: a lesson's captions in one language, as the bytes of a `.vtt` or `.srt` file in base64
 * (UTF-8; SRT is converted to WebVTT). Replaces that language's captions of the lesson, or adds them.
 */
export const ZCaptionUploadRequest = z.object({
  courseId: ZIdInput,
  seriesId: ZIdInput,
  language: ZCaptionLanguage,
  /** What the CC menu shows; empty: the language's own name (`Naijá`) or its code. */
  label: z.string().trim().max(40).optional(),
  fileName: z.string().trim().min(1).max(200),
  /** The file, base64. */
  data: z
    .string()
    .max(Math.ceil(MAX_CAPTION_BYTES / 3) * 4 + 4, 'The caption file is too large. The limit is 1 MB.')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'data must be the file in base64.'),
});
export type TCaptionUploadRequest = z.input<typeof ZCaptionUploadRequest>;

/** One lesson's captions in one language, as the edit screen lists them. */
export const ZCaptionDto = z.object({
  seriesId: ZId,
  language: z.string(),
  label: z.string(),
  format: z.enum(['vtt', 'srt']),
  fileName: z.string().nullable(),
  cueCount: z.number().int(),
  updatedAt: z.string(),
});
export type TCaptionDto = z.infer<typeof ZCaptionDto>;

export const ZCaptionUploadResponse = envelope({ caption: ZCaptionDto });
export type TCaptionUploadResponse = z.infer<typeof ZCaptionUploadResponse>;

/** `POST /caption/list`: every caption of a course's lessons (its tutor and admins). */
export const ZCaptionListRequest = z.object({ courseId: ZIdInput });
export const ZCaptionListResponse = envelope({ captions: z.array(ZCaptionDto) });
export type TCaptionListResponse = z.infer<typeof ZCaptionListResponse>;

/** `POST /caption/delete`: removes a lesson's captions in one language. */
export const ZCaptionDeleteRequest = z.object({
  courseId: ZIdInput,
  seriesId: ZIdInput,
  language: ZCaptionLanguage,
});
export type TCaptionDeleteRequest = z.input<typeof ZCaptionDeleteRequest>;

/** `POST /transcript/search`: the cues of a course's captions holding every word of `query`. */
export const ZTranscriptSearchRequest = z.object({
  courseId: ZIdInput,
  query: z
    .string()
    .trim()
    .min(TRANSCRIPT_SEARCH_MIN, `Type at least ${TRANSCRIPT_SEARCH_MIN} characters to search.`)
    .max(TRANSCRIPT_SEARCH_MAX),
  /** Only this language's captions; absent: every language. */
  language: ZCaptionLanguage.optional(),
});
export type TTranscriptSearchRequest = z.input<typeof ZTranscriptSearchRequest>;

export const ZTranscriptHit = z.object({
  seriesId: ZId,
  lessonTitle: z.string(),
  language: z.string(),
  label: z.string(),
  /** Where the cue starts, in seconds. */
  start: z.number(),
  text: z.string(),
});
export type TTranscriptHit = z.infer<typeof ZTranscriptHit>;
/** In course order (section, lesson, time); at most 50 hits, `total` counts them all. */
export const ZTranscriptSearchResponse = envelope({ hits: z.array(ZTranscriptHit), total: z.number().int() });
export type TTranscriptSearchResponse = z.infer<typeof ZTranscriptSearchResponse>;
