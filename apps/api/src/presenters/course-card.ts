import { ZCourseDto, type TCourseDto } from '@app/contract/courses';
import type { Card, CardLink } from '../db/schema.ts';
import { salePriceOf } from './course.ts';
import { averageOf } from './review.ts';

/** The answer's fields a card leaves out; `withFreshFields` adds them. */
const CardSchema = ZCourseDto.omit({
  studentCount: true,
  owned: true,
  canWatch: true,
  averageRating: true,
  ratingCount: true,
  buyerCount: true,
  totalEarnings: true,
  progress: true,
  statusReason: true,
  salePrice: true,
});

/** The card of a guest's course answer (courseDtos for no viewer). */
export const cardOf = (dto: TCourseDto, links: CardLink[]): Card => ({
  body: JSON.stringify(CardSchema.encode(dto)),
  links,
});

/**
 * The card's JSON with the fields read fresh: a guest's course answer, as `courseDtos` gives it for no viewer.
 */
export function withFreshFields(
  body: string,
  row: { students: number; ratingSum: number; ratingCount: number; saleKobo: string | number | null },
): string {
  const rating = averageOf(row.ratingSum, row.ratingCount);
  return `${body.slice(0, -1)},"salePrice":${JSON.stringify(salePriceOf(row.saleKobo))},"studentCount":${row.students},"owned":false,"canWatch":false,"averageRating":${JSON.stringify(rating)},"ratingCount":${row.ratingCount}}`;
}
