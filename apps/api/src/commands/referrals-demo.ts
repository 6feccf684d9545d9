import type { Tx } from '../db/client.ts';
import { referralLinks, referralVisits } from '../db/schema-referrals.ts';

// The demo tutor's referral link and its visits (seed-demo.ts, sales-demo.ts; docs/payments.md "Referral links").

const DAY = 24 * 60 * 60_000;

/** The demo tutor's referral link: its course, its code, and the guests' visits that bought nothing (days ago). */
export const DEMO_REFERRAL = {
  course: 'React and TypeScript from Scratch',
  code: 'demoreact7',
  /** Visits of guests who did not buy (yet): a WhatsApp group's clicks over three weeks. */
  guestVisitsDaysAgo: [20, 19, 19, 17, 15, 13, 13, 12, 9, 8, 7, 5, 4, 4, 3, 2, 2, 1, 0],
  /** A referral sale's buyer visited the link this long before paying. */
  visitBeforePaymentMs: 5 * 60 * 60_000,
} as const;

/** Makes the demo tutor's link of the course and the guests' visits; answers the link's id. */
export async function addDemoReferralLink(
  tx: Tx,
  d: { tutorId: number; courseId: number; now: number },
): Promise<number> {
  const [link] = await tx
    .insert(referralLinks)
    .values({
      tutorId: d.tutorId,
      courseId: d.courseId,
      code: DEMO_REFERRAL.code,
      createdAt: new Date(d.now - 22 * DAY),
    })
    .returning({ id: referralLinks.id });
  await tx.insert(referralVisits).values(
    DEMO_REFERRAL.guestVisitsDaysAgo.map((days, i) => ({
      linkId: link!.id,
      tutorId: d.tutorId,
      courseId: d.courseId,
      studentId: null,
      createdAt: new Date(d.now - days * DAY - ((i * 53) % 600) * 60_000),
    })),
  );
  return link!.id;
}

/** The visit of a referral sale's buyer, shortly before their payment; answers its id for the order line. */
export async function addDemoReferralVisit(
  tx: Tx,
  d: { linkId: number; tutorId: number; courseId: number; studentId: number; paidAt: Date },
): Promise<number> {
  const [visit] = await tx
    .insert(referralVisits)
    .values({
      linkId: d.linkId,
      tutorId: d.tutorId,
      courseId: d.courseId,
      studentId: d.studentId,
      createdAt: new Date(d.paidAt.getTime() - DEMO_REFERRAL.visitBeforePaymentMs),
    })
    .returning({ id: referralVisits.id });
  return visit!.id;
}
