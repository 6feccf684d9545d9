import { z } from 'zod';
import { envelope, ZId, ZIdInput, ZPageRequest, ZPlainText } from './common.ts';
import { REVIEW_COMMENT_MAX } from './course-rules.ts';
import { ZTimeCreated } from './courses.ts';

export { REVIEW_COMMENT_MAX };

/** `POST /review/add`: a student who owns the course rates it; a second call updates the first review. */
export const ZReviewAddRequest = z.object({
  courseId: ZIdInput,
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int({ error: 'rating must be a whole number from 1 to 5' })
    .min(1, { error: 'rating must be a whole number from 1 to 5' })
    .max(5, { error: 'rating must be a whole number from 1 to 5' }),
  comment: ZPlainText({ multiLine: true })
    .trim()
    .max(REVIEW_COMMENT_MAX, { error: `The comment must be at most ${REVIEW_COMMENT_MAX} characters` })
    .nullish(),
});
export type TReviewAddRequest = z.input<typeof ZReviewAddRequest>;

export const ZReviewListRequest = ZPageRequest.extend({ courseId: ZIdInput });
export type TReviewListRequest = z.input<typeof ZReviewListRequest>;

export const ZReviewDto = z.object({
  id: ZId,
  fullName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  timeCreated: ZTimeCreated,
});
export type TReviewDto = z.infer<typeof ZReviewDto>;

/** How many visible reviews gave each number of stars. */
export const ZRatingCounts = z.object({
  1: z.number(),
  2: z.number(),
  3: z.number(),
  4: z.number(),
  5: z.number(),
});
export type TRatingCounts = z.infer<typeof ZRatingCounts>;

export const ZReviewListResponse = envelope({
  reviews: z.array(ZReviewDto),
  totalData: z.number(),
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  ratingCounts: ZRatingCounts,
});
export type TReviewListResponse = z.infer<typeof ZReviewListResponse>;

export const ZReviewAddResponse = envelope({ review: ZReviewDto });
export const ZReviewMineRequest = z.object({ courseId: ZIdInput });
export const ZReviewMineResponse = envelope({ review: ZReviewDto.nullable() });
export type TReviewAddResponse = z.infer<typeof ZReviewAddResponse>;

/** `POST /review/hide {id}`: admin only; the review leaves the list and the average. */
export const ZReviewHideRequest = z.object({ id: ZIdInput });
