import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { accounts, progress } from '../db/schema.ts';
import { enrolments, ledgerEntries, orderLines, orders, sandboxTransactions } from '../db/schema-money.ts';
import { teamMembers, teamOrders, teamSeats, teams } from '../db/schema-teams.ts';
import { outlineIds } from '../queries/course-outline.ts';
import { recordSales, splitPrice } from './ledger.ts';
import { orderExpiry } from './orders.ts';
import { demoGiftCourse } from './gifts-demo.ts';
import { demoBuyerEmail, NO_PASSWORD, type DemoSeed } from './sales-demo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's team: the demo student bought 5 seats of one course for their company; 3 staff joined. */
export const DEMO_TEAM = {
  reference: 'DL-DEMO-TEAM-001',
  companyName: 'Lagos Fintech Hub Ltd',
  seats: 5,
  /** The members who joined, with the share of the course's lessons each finished. */
  members: [
    { name: 'Kunle Adewale', watched: 0.5 },
    { name: 'Halima Sani', watched: 0.25 },
    { name: 'Tunde Bakare', watched: 0 },
  ],
  boughtDaysAgo: 10,
} as const;

/** The demo team's course: the cheapest course other than the demo gift's. */
export function demoTeamCourse(studentOwns: string, courses: { title: string; price: number }[]): string {
  const gift = demoGiftCourse(studentOwns, courses);
  const candidates = courses.filter((c) => c.title !== gift && c.title !== studentOwns);
  return candidates.reduce((best, c) => (c.price < best.price ? c : best), candidates[0]!).title;
}

/**
 * The demo team, in the seed's transaction, as a seat checkout, its fulfilment and three joins write it: a paid
 * order of 5 seats by the demo student (one sale line in the tutor's ledger), the team and its seats, and three
 * demo staff who joined (enrolled on their seats, some lessons finished). Two seats are free.
 */
export async function addDemoTeam(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  demo: DemoSeed,
  now = Date.now(),
): Promise<void> {
  const title = demoTeamCourse(
    demo.studentOwns,
    demo.courses.map((c) => ({ title: c.title, price: c.priceKobo })),
  );
  const course = demo.courses.find((c) => c.title === title)!;
  const paidAt = new Date(now - DEMO_TEAM.boughtDaysAgo * DAY_MS);
  const createdAt = new Date(paidAt.getTime() - 4 * 60_000);
  const amountKobo = course.priceKobo * DEMO_TEAM.seats;
  const [order] = await tx
    .insert(orders)
    .values({
      reference: DEMO_TEAM.reference,
      studentId: demo.student.id,
      status: 'paid',
      channel: 'bank_transfer',
      paidChannel: 'bank_transfer',
      amountKobo,
      provider: ctx.payments.name,
      expiresAt: orderExpiry(createdAt.getTime()),
      createdAt,
      paidAt,
    })
    .returning({ id: orders.id });
  await tx.insert(orderLines).values({
    orderId: order!.id,
    courseId: course.id,
    priceKobo: amountKobo,
    tutorId: demo.tutorId,
    ...splitPrice(amountKobo, ctx.config.payouts.platformFeePercent),
    route: 'owed',
    seats: DEMO_TEAM.seats,
  });
  await recordSales(tx, order!.id, ctx.config.payouts.platformFeePercent);
  await tx.update(ledgerEntries).set({ createdAt: paidAt }).where(eq(ledgerEntries.orderId, order!.id));
  const [team] = await tx
    .insert(teams)
    .values({ adminId: demo.student.id, companyName: DEMO_TEAM.companyName, createdAt })
    .returning({ id: teams.id });
  await tx
    .insert(teamOrders)
    .values({ orderId: order!.id, teamId: team!.id, companyName: DEMO_TEAM.companyName });
  const lessons = (await outlineIds(tx, course.id)).seriesIds.sort((a, b) => a - b);
  const memberIds: number[] = [];
  for (const [i, m] of DEMO_TEAM.members.entries()) {
    const joinedAt = new Date(paidAt.getTime() + (i + 1) * DAY_MS);
    const email = demoBuyerEmail(m.name);
    const [account] = await tx
      .insert(accounts)
      .values({
        role: 'user',
        fullName: m.name,
        email,
        userName: email,
        phoneNumber: `0805${3000001 + i}`,
        passwordHash: NO_PASSWORD,
        createdAt: joinedAt,
      })
      .returning({ id: accounts.id });
    const [member] = await tx
      .insert(teamMembers)
      .values({
        teamId: team!.id,
        email,
        name: m.name,
        accountId: account!.id,
        status: 'active',
        invitedAt: paidAt,
        joinedAt,
      })
      .returning({ id: teamMembers.id });
    memberIds.push(member!.id);
    await tx.insert(enrolments).values({
      studentId: account!.id,
      courseId: course.id,
      orderId: order!.id,
      pricePaidKobo: 0,
      createdAt: joinedAt,
    });
    const done = lessons.slice(0, Math.floor(lessons.length * m.watched));
    if (done.length)
      await tx.insert(progress).values(
        done.map((seriesId) => ({
          studentId: account!.id,
          courseId: course.id,
          seriesId,
          completed: true,
          positionSeconds: 12,
        })),
      );
  }
  await tx.insert(teamSeats).values(
    Array.from({ length: DEMO_TEAM.seats }, (_, i) => ({
      teamId: team!.id,
      courseId: course.id,
      orderId: order!.id,
      memberId: memberIds[i] ?? null,
      assignedAt: memberIds[i] ? paidAt : null,
      createdAt: paidAt,
    })),
  );
  // The sandbox's record of the payment, as a real one has.
  if (ctx.payments.name === 'sandbox')
    await tx.insert(sandboxTransactions).values({
      reference: DEMO_TEAM.reference,
      email: demo.student.email,
      amountKobo,
      currency: 'NGN',
      accessCode: 'demo',
      status: 'success',
      channel: 'bank_transfer',
      createdAt,
      paidAt,
    });
}
