import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSaleDto, ZSaleSaveRequest } from '@app/contract/sales';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { saleOptOuts, sales } from '../db/schema-growth.ts';
import { badRequest, notFound } from '../errors.ts';
import { enqueue } from '../queue/queue.ts';
import { assertManagesCoupons } from '../policies/coupon.ts';
import { courseOwner } from '../queries/courses.ts';
import { categoryIdsByCode, liveSale } from '../queries/sales.ts';

type Ctx = Pick<AppContext, 'db' | 'cache'>;

/** The job that drops cached answers when a sale starts or ends (jobs/sale-boundary.ts). */
export const SALE_BOUNDARY_JOB = 'sale-boundary';

/**
 * `POST /sale/save` (admin): records the sale with a `sale-boundary` job due at its start and one at its end, in the
 * same transaction, so the cached answers are dropped on every instance at those moments; and drops them now.
 */
export async function saveSale(
  ctx: Ctx,
  admin: Account,
  input: z.output<typeof ZSaleSaveRequest>,
): Promise<TSaleDto> {
  let categoryIds: number[] | null = null;
  if (input.categories?.length) {
    const found = await categoryIdsByCode(ctx.db, input.categories);
    const unknown = input.categories.filter((c) => !found.some((f) => f.code === c));
    if (unknown.length) return badRequest(`Unknown categories: ${unknown.join(', ')}.`);
    categoryIds = found.map((f) => f.id);
  }
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const sale = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({ percent: input.percent, startsAt, endsAt, categoryIds, createdBy: admin.id })
      .returning();
    for (const runAt of [startsAt, endsAt])
      await enqueue(tx, SALE_BOUNDARY_JOB, { saleId: row!.id }, { runAt });
    return row!;
  });
  await ctx.cache.invalidateCatalogue();
  return {
    id: sale.id,
    percent: sale.percent,
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    categories: categoryIds ? [...input.categories!].sort() : null,
    cancelled: false,
  };
}

/** `POST /sale/cancel` (admin): the sale stops at once; cached answers are dropped. */
export async function cancelSale(ctx: Ctx, id: number): Promise<void> {
  if (!(await liveSale(ctx.db, id))) return notFound('Sale not found.');
  await ctx.db
    .update(sales)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(sales.id, id), isNull(sales.cancelledAt)));
  await ctx.cache.invalidateCatalogue();
}

/** `POST /sale/optout` (the owning tutor): keeps the course out of site-wide sales, or lets it back in. */
export async function setSaleOptOut(
  ctx: Ctx,
  tutor: Account,
  courseId: number,
  optOut: boolean,
): Promise<void> {
  const course = (await courseOwner(ctx.db, courseId)) ?? notFound('Course not found.');
  assertManagesCoupons(tutor, course);
  if (optOut) await ctx.db.insert(saleOptOuts).values({ courseId }).onConflictDoNothing();
  else await ctx.db.delete(saleOptOuts).where(eq(saleOptOuts.courseId, courseId));
  await ctx.cache.invalidateCourse(courseId, { search: true });
}
