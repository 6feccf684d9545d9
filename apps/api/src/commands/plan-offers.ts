import { and, eq, isNull, sql } from 'drizzle-orm';
import { nairaToKobo } from '@app/contract/money';
import type { TPlanSaveRequest } from '@app/contract/instalments';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { coursePlans } from '../db/schema-plans.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { splitPlanTotal, type PlanShape } from '../lib/plan-schedule.ts';
import { isCourseTutor } from '../policies/course.ts';
import { courseOwner, coursesToPrice } from '../queries/courses.ts';
import { coursePlanById, type CoursePlanRow } from '../queries/plans.ts';
import { PLAN_MESSAGES } from './plan-checkout.ts';

/** The course's price now for a plan: a live sale's when there is one (the checkout's rule). */
export async function coursePriceNow(ctx: Pick<AppContext, 'db'>, courseId: number) {
  const [row] = await coursesToPrice(ctx.db, [courseId]);
  if (!row || row.deletedAt) return undefined;
  return {
    ...row,
    nowKobo:
      row.saleKobo !== null && row.saleKobo !== undefined
        ? Math.min(Number(row.saleKobo), row.priceKobo)
        : row.priceKobo,
  };
}

/**
 * `POST /plan/save`: the course's tutor offers a plan beside its full price, or changes one (students who bought on
 * it keep the schedule they bought). The plan must fit the course's price: a first payment below the total that
 * leaves something for each further payment.
 */
export async function savePlan(
  ctx: Pick<AppContext, 'db'>,
  tutor: Account,
  input: TPlanSaveRequest,
): Promise<CoursePlanRow> {
  const [course] = await coursesToPrice(ctx.db, [input.courseId]);
  if (!course || course.deletedAt) return notFound('Course not found.');
  await assertOwnsCourse(ctx, tutor, input.courseId);
  if (input.firstKind === 'percent' && (!Number.isInteger(input.firstValue) || input.firstValue > 90))
    return badRequest('A first payment in percent must be a whole number from 1 to 90.');
  const shape: PlanShape = {
    firstKind: input.firstKind,
    firstValue: input.firstKind === 'amount' ? nairaToKobo(input.firstValue) : input.firstValue,
    furtherPayments: input.furtherPayments,
    interval: input.interval,
  };
  if (!splitPlanTotal(course.priceKobo, shape)) return badRequest(PLAN_MESSAGES.doesNotFit);
  const values = {
    ...shape,
    courseId: input.courseId,
    fullDiscountPercent: input.fullPaymentDiscountPercent,
  };
  if (input.id === undefined) {
    const [made] = await ctx.db.insert(coursePlans).values(values).returning();
    return made!;
  }
  const existing = await coursePlanById(ctx.db, input.id);
  if (!existing || existing.removedAt) return notFound('Instalment plan not found.');
  if (existing.courseId !== input.courseId) return badRequest('A plan stays with its course.');
  const [saved] = await ctx.db
    .update(coursePlans)
    .set(values)
    .where(eq(coursePlans.id, input.id))
    .returning();
  return saved!;
}

/** `POST /plan/remove`: the plan is no longer offered; plans bought on it go on. */
export async function removePlan(ctx: Pick<AppContext, 'db'>, tutor: Account, planId: number): Promise<void> {
  const plan = await coursePlanById(ctx.db, planId);
  if (!plan || plan.removedAt) return notFound('Instalment plan not found.');
  await assertOwnsCourse(ctx, tutor, plan.courseId);
  await ctx.db
    .update(coursePlans)
    .set({ removedAt: sql`now()` })
    .where(and(eq(coursePlans.id, planId), isNull(coursePlans.removedAt)));
}

async function assertOwnsCourse(ctx: Pick<AppContext, 'db'>, tutor: Account, courseId: number) {
  const course = await courseOwner(ctx.db, courseId);
  if (!course) return notFound('Course not found.');
  if (!isCourseTutor(tutor, course)) forbidden('This course belongs to another tutor.');
}
