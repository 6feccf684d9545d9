import { z } from 'zod';
import { envelope, ZIdInput } from './common.ts';
import { ZCourseDto } from './courses.ts';

/** `POST /wishlist/add` and `/wishlist/remove`: a student's own wishlist. */
export const ZWishlistRequest = z.object({ courseId: ZIdInput });
export type TWishlistRequest = z.infer<typeof ZWishlistRequest>;
/** `GET /wishlist/list`: newest first. */
export const ZWishlistResponse = envelope({ coursesDtos: z.array(ZCourseDto) });
export type TWishlistResponse = z.infer<typeof ZWishlistResponse>;
