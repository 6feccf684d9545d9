import { z } from 'zod';
import { envelope } from './common.ts';

/** `GET /health`: the process answers (no database). `GET /ready`: the database answers too. */
export const ZHealthResponse = envelope({ status: z.literal('ok') });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
export const ZReadyResponse = envelope({ status: z.enum(['ready', 'unavailable']) });
export type TReadyResponse = z.infer<typeof ZReadyResponse>;

/** What every call that needs the database answers (503, with Retry-After) while the database is away. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
