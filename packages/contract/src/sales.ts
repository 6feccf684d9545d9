import { z } from 'zod';
import { envelope, ZId, ZIdInput } from './common.ts';

const ZDateTime = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/** `POST /sale/save`: a site-wide sale, for all courses or the courses of some categories (codes). */
export const ZSaleSaveRequest = z
  .object({
    percent: z
      .number({ error: 'percent must be a number' })
      .int({ error: 'percent must be a whole number' })
      .min(1, { error: 'percent must be from 1 to 100' })
      .max(100, { error: 'percent must be from 1 to 100' }),
    startsAt: ZDateTime,
    endsAt: ZDateTime,
    categories: z.array(z.string().trim().min(1)).max(100).optional(),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    error: 'endsAt: the end must be after the start',
    path: ['endsAt'],
  });
export type TSaleSaveRequest = z.input<typeof ZSaleSaveRequest>;

export const ZSaleDto = z.object({
  id: ZId,
  percent: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Category codes; null: every course. */
  categories: z.array(z.string()).nullable(),
  cancelled: z.boolean(),
});
export type TSaleDto = z.infer<typeof ZSaleDto>;
export const ZSaleSaveResponse = envelope({ sale: ZSaleDto });
export const ZSaleListResponse = envelope({ sales: z.array(ZSaleDto) });
export const ZSaleCancelRequest = z.object({ id: ZIdInput });
/** `POST /sale/optout`: a tutor keeps one of their courses out of site-wide sales (or lets it back in). */
export const ZSaleOptOutRequest = z.object({ courseId: ZIdInput, optOut: z.boolean() });
