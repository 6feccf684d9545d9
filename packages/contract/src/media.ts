import { z } from 'zod';
import { envelope } from './common.ts';
import { ZVideoStatus } from './courses.ts';

/** `resource` is our addition for a series' downloadable file (PDF, ZIP, ...). */
export const UPLOAD_TYPES = ['image', 'video', 'resource'] as const;
export const ZUploadType = z.enum(UPLOAD_TYPES, { error: 'type must be image, video or resource' });
export type TUploadType = z.infer<typeof ZUploadType>;
export const ZUploadResponse = envelope({ url: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/**
 * `POST /video/status {urls}`: the conversion state of videos the caller uploaded (admins: any), for the wizard
 * and the edit screen before and after the course is saved. A URL that is not such an upload answers `none`.
 */
export const ZVideoStatusRequest = z.object({ urls: z.array(z.string().max(2000)).max(200) });
export type TVideoStatusRequest = z.infer<typeof ZVideoStatusRequest>;
export const ZVideoState = z.object({
  url: z.string(),
  videoStatus: ZVideoStatus,
  /** Why the conversion failed, when it did. */
  videoError: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type TVideoState = z.infer<typeof ZVideoState>;
export const ZVideoStatusResponse = envelope({ videos: z.array(ZVideoState) });
export type TVideoStatusResponse = z.infer<typeof ZVideoStatusResponse>;
