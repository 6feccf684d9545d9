import { z } from 'zod';

export { API_BASE } from './endpoints.ts';

/** `responseDto.code` on success and on a refused request (DECISIONS §1). */
export const RESPONSE_CODE = { ok: 'dk00', refused: 'dk96' } as const;

export const ZResponseDto = z.object({ code: z.string(), message: z.string() });
export type TResponseDto = z.infer<typeof ZResponseDto>;

/** Every JSON answer carries a readable `responseDto`. */
export const ZOkResponse = z.object({ responseDto: ZResponseDto });
export type TOkResponse = z.infer<typeof ZOkResponse>;

/** Builds an answer schema: the envelope plus the call's own fields. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ responseDto: ZResponseDto, ...shape });
}

export const ROLES = ['user', 'tutor', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Zero-based paging used by every list call. */
export const ZPageRequest = z.object({
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  pageNo: z.number().int().min(0).default(0),
});
export type TPageRequest = z.infer<typeof ZPageRequest>;

export const ZId = z.number().int().positive();

/** Three-part signed token whose middle part holds `exp` in epoch seconds. */
export const ZTokenClaims = z.object({ sub: z.string(), role: ZRole, exp: z.number() });
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
