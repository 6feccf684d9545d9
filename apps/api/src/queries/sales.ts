import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseCategories } from '../db/schema.ts';
import { saleOptOuts, sales } from '../db/schema-growth.ts';

/**
 * A course's price in the best live site-wide sale (kobo, the percent rounded half up), null outside any sale or when
 * its tutor opted it out. A column of any statement that reads `courses` unaliased (written out: a column inside a
 * select field is rendered without its table, which the subquery's own tables would shadow).
 */
export const saleKoboSql = sql<string | number | null>`(select "courses"."price_kobo"
    - round("courses"."price_kobo" * max(s.percent) / 100.0)::bigint
  from sales s
  where s.cancelled_at is null and s.starts_at <= now() and now() < s.ends_at
    and (s.category_ids is null or "courses"."category_id" = any(s.category_ids))
    and not exists (select 1 from sale_opt_outs o where o.course_id = "courses"."id")
  having count(*) > 0)`;

/** Kobo of `saleKoboSql` as a number, or null. */
export const saleKobo = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** Every sale, newest first, with its categories' codes. */
export async function allSales(db: Db) {
  return db
    .select({
      sale: sales,
      categories: sql<
        string[] | null
      >`(select array_agg(${courseCategories.code} order by ${courseCategories.code})
        from ${courseCategories} where ${courseCategories.id} = any("sales"."category_ids"))`,
    })
    .from(sales)
    .orderBy(desc(sales.startsAt), desc(sales.id));
}

/** The ids of categories by code (unknown codes left out). */
export async function categoryIdsByCode(db: Db, codes: string[]) {
  return db
    .select({ id: courseCategories.id, code: courseCategories.code })
    .from(courseCategories)
    .where(inArray(courseCategories.code, codes));
}

/** A live (not cancelled) sale by id. */
export async function liveSale(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, id), isNull(sales.cancelledAt)));
  return row;
}

/** Whether the course's tutor keeps it out of site-wide sales. */
export async function isOptedOutOfSales(db: Db, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: saleOptOuts.courseId })
    .from(saleOptOuts)
    .where(eq(saleOptOuts.courseId, courseId));
  return !!row;
}
