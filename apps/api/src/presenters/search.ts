import type { TSearchHit } from '@app/contract/courses';
import { koboToNaira } from '@app/contract/money';
import { mediaPath } from '../services/storage/signing.ts';
import { averageOf } from './review.ts';

/** What a search hit's card shows beyond its title and author (queries/search/hit-cards.ts). */
export type HitCardRow = {
  id: number;
  priceKobo: number;
  /** The price in a live site-wide sale (kobo), null outside any. */
  saleKobo: string | number | null;
  imageRef: string;
  category: string;
  ratingCount: number;
  ratingSum: number;
  students: number;
  language: string;
};

/** Search hits with their card fields (price, image, category, rating, students); a hit without a row stays as is. */
export function withCardFields(hits: TSearchHit[], rows: HitCardRow[]): TSearchHit[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.map((h) => {
    const r = byId.get(h.id);
    if (!r) return h;
    return {
      ...h,
      nairaPrice: koboToNaira(r.priceKobo),
      salePrice: r.saleKobo === null ? null : koboToNaira(Number(r.saleKobo)),
      courseImageUrl: mediaPath(r.imageRef),
      courseCategory: r.category,
      averageRating: averageOf(r.ratingSum, r.ratingCount),
      ratingCount: r.ratingCount,
      studentCount: r.students,
      language: r.language,
    };
  });
}
