import { eq, inArray, sql } from 'drizzle-orm';
import type { TSearchHit } from '@app/contract/courses';
import type { Db } from '../../db/client.ts';
import { courseCategories, courses } from '../../db/schema.ts';
import { enrolments } from '../../db/schema-money.ts';
import { withCardFields } from '../../presenters/search.ts';
import { saleKoboSql } from '../sales.ts';

/** Search hits with their card fields (price, image, category, rating, students), read for the page's ids only. */
export async function hitsWithCards(db: Db, hits: TSearchHit[]): Promise<TSearchHit[]> {
  if (hits.length === 0) return hits;
  const rows = await db
    .select({
      id: courses.id,
      priceKobo: courses.priceKobo,
      saleKobo: saleKoboSql,
      imageRef: courses.imageRef,
      category: courseCategories.code,
      ratingCount: courses.ratingCount,
      ratingSum: courses.ratingSum,
      language: courses.language,
      students: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(
      inArray(
        courses.id,
        hits.map((h) => h.id),
      ),
    );
  return withCardFields(hits, rows);
}
