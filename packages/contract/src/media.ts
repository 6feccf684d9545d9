import { z } from 'zod';
import { envelope } from './common.ts';

/** `resource` is our addition for a series' downloadable file (PDF, ZIP, ...). */
export const UPLOAD_TYPES = ['image', 'video', 'resource'] as const;
export const ZUploadType = z.enum(UPLOAD_TYPES, { error: 'type must be image, video or resource' });
export type TUploadType = z.infer<typeof ZUploadType>;
export const ZUploadResponse = envelope({ url: z.string() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
