import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { ledgerEntries, orderLines, orders, sandboxTransactions } from '../db/schema-money.ts';
import { gifts } from '../db/schema-gifts.ts';
import { giftCode, giftCodeHash } from '../lib/gift-code.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import { giftRedeemPath } from './gifts.ts';
import { recordSales, splitPrice } from './ledger.ts';
import { notify } from './notify.ts';
import { orderExpiry } from './orders.ts';
import { demoPlanCourse } from './plans-demo.ts';
import { DEMO_BUYERS, DEMO_COHORT_COURSE, DEMO_COUPON, demoBuyerEmail, type DemoSeed } from './sales-demo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's gift: a demo buyer gave the demo student a course two days ago; it waits to be redeemed. */
export const DEMO_GIFT = {
  reference: 'DL-DEMO-GIFT-001',
  buyer: DEMO_BUYERS[0]!,
  message: 'Happy birthday! I learnt so much from this one, and I think you will love it too.',
  boughtDaysAgo: 2,
} as const;

/**
 * The course of the demo gift: the cheapest course the demo student neither owns (their course, their cohort's,
 * their plan's) nor has the demo coupon for.
 */
export function demoGiftCourse(studentOwns: string, courses: { title: string; price: number }[]): string {
  const taken = [studentOwns, DEMO_COHORT_COURSE, DEMO_COUPON.course, demoPlanCourse(studentOwns, courses)];
  const candidates = courses.filter((c) => !taken.includes(c.title));
  return candidates.reduce((best, c) => (c.price < best.price ? c : best), candidates[0]!).title;
}

/**
 * The demo gift, in the seed's transaction, as a gift checkout, its fulfilment and its send job write it: a paid
 * order of the demo buyer (a sale in the tutor's ledger, nobody enrolled), the gift to the demo student sent two
 * days ago, and the demo student's notification with the redeem link. Redeeming it enrols the demo student.
 */
export async function addDemoGift(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  demo: DemoSeed,
  now = Date.now(),
): Promise<void> {
  const title = demoGiftCourse(
    demo.studentOwns,
    demo.courses.map((c) => ({ title: c.title, price: c.priceKobo })),
  );
  const course = demo.courses.find((c) => c.title === title)!;
  const buyer = await accountByRoleEmail(tx, 'user', demoBuyerEmail(DEMO_GIFT.buyer));
  const [student] = await tx.select().from(accounts).where(eq(accounts.id, demo.student.id));
  if (!buyer || !student) return;
  const paidAt = new Date(now - DEMO_GIFT.boughtDaysAgo * DAY_MS);
  const createdAt = new Date(paidAt.getTime() - 3 * 60_000);
  const [order] = await tx
    .insert(orders)
    .values({
      reference: DEMO_GIFT.reference,
      studentId: buyer.id,
      status: 'paid',
      channel: 'card',
      paidChannel: 'card',
      amountKobo: course.priceKobo,
      provider: ctx.payments.name,
      expiresAt: orderExpiry(createdAt.getTime()),
      createdAt,
      paidAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values({
    orderId: order!.id,
    courseId: course.id,
    priceKobo: course.priceKobo,
    tutorId: demo.tutorId,
    ...splitPrice(course.priceKobo, ctx.config.payouts.platformFeePercent),
    route: 'owed',
  });
  await recordSales(tx, order!.id, ctx.config.payouts.platformFeePercent);
  await tx.update(ledgerEntries).set({ createdAt: paidAt }).where(eq(ledgerEntries.orderId, order!.id));
  const [gift] = await tx
    .insert(gifts)
    .values({
      orderId: order!.id,
      buyerId: buyer.id,
      recipientName: student.fullName,
      recipientEmail: student.email,
      message: DEMO_GIFT.message,
      sentAt: paidAt,
      createdAt,
    })
    .returning({ id: gifts.id });
  const code = giftCode(ctx.config.jwtSecret, gift!.id, 1);
  await tx
    .update(gifts)
    .set({ codeHash: giftCodeHash(code) })
    .where(eq(gifts.id, gift!.id));
  await notify(tx, [
    {
      accountId: student.id,
      type: 'gift-received',
      message: { key: 'notice.giftReceived', values: { name: buyer.fullName, titles: `"${course.title}"` } },
      link: giftRedeemPath(code),
    },
  ]);
  // The sandbox's record of the payment, so it can be refunded as a real one is.
  if (ctx.payments.name === 'sandbox')
    await tx.insert(sandboxTransactions).values({
      reference: DEMO_GIFT.reference,
      email: buyer.email,
      amountKobo: course.priceKobo,
      currency: 'NGN',
      accessCode: 'demo',
      status: 'success',
      channel: 'card',
      createdAt,
      paidAt,
    });
}
