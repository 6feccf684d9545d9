import type { TReviewDto } from '@app/contract/reviews';
import { timeCreated } from './time.ts';

/** Mean stars with one decimal, or null for a course without (visible) reviews. */
export const averageOf = (sum: number, n: number): number | null =>
  n === 0 ? null : Math.round((sum / n) * 10) / 10;

/** A review with its author's name, as answered (`reviewDto`). */
export const reviewDto = (r: {
  id: number;
  fullName: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
}): TReviewDto => ({
  id: r.id,
  fullName: r.fullName,
  rating: r.rating,
  comment: r.comment,
  timeCreated: timeCreated(r.createdAt),
});
