import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { quizQuestions, quizzes } from '../db/schema-learning.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import {
  cohortDeadlines,
  cohortSeats,
  cohorts,
  courseOfferings,
  liveSessions,
  sectionReleaseRules,
} from '../db/schema-cohorts.ts';
import { lagosDayAt } from '../lib/cohort-clock.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The demo's cohort (docs/cohorts.md): a running cohort of one of the demo tutor's courses, started three days ago,
 * with the first section released and the second opening on day 7, a live class starting in a few minutes (a
 * meeting link, so it opens on any machine), a quiz due in two days, and the demo student holding the seat their
 * order of the course paid for (the demo's sales history, commands/sales-demo.ts).
 */
export async function addDemoCohort(
  tx: Tx,
  input: { studentId: number; courseId: number; sectionIds: number[] },
): Promise<void> {
  const now = Date.now();
  const startsAt = lagosDayAt(new Date(now - 3 * DAY_MS), 0, '09:00');
  const [cohort] = await tx
    .insert(cohorts)
    .values({
      courseId: input.courseId,
      name: 'Live cohort',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * 7 * DAY_MS),
      enrolOpensAt: new Date(startsAt.getTime() - 30 * DAY_MS),
      enrolClosesAt: new Date(startsAt.getTime() + 7 * DAY_MS),
      capacity: 30,
      priceKobo: null,
    })
    .returning({ id: cohorts.id });
  const cohortId = cohort!.id;
  await tx.insert(courseOfferings).values({ courseId: input.courseId, offering: 'both' });
  const [first, second] = input.sectionIds;
  await tx.insert(sectionReleaseRules).values([
    { sectionId: first!, kind: 'cohort_day' as const, days: 0, localTime: '09:00' },
    { sectionId: second!, kind: 'cohort_day' as const, days: 7, localTime: '09:00' },
  ]);
  await tx.insert(liveSessions).values({
    cohortId,
    title: 'Live class: questions and answers',
    startsAt: new Date(now + 5 * 60_000),
    durationMinutes: 120,
    provider: 'link',
    room: `devlearn-demo-${randomBytes(6).toString('hex')}`,
    link: `https://meet.jit.si/devlearn-demo-${randomBytes(6).toString('hex')}`,
    moderatorPassword: randomBytes(12).toString('hex'),
    attendeePassword: randomBytes(12).toString('hex'),
  });
  const [quiz] = await tx
    .insert(quizzes)
    .values({
      courseId: input.courseId,
      sectionId: first!,
      title: 'Week 1 check',
      passPercent: 50,
      position: 1,
    })
    .returning({ id: quizzes.id });
  await tx.insert(quizQuestions).values({
    quizId: quiz!.id,
    position: 1,
    type: 'truefalse',
    text: 'An image is a running container.',
    options: [
      { id: 1, text: 'True', correct: false },
      { id: 2, text: 'False', correct: true },
    ],
    explanation: 'A container is a running instance of an image.',
  });
  await tx.insert(cohortDeadlines).values({
    cohortId,
    quizId: quiz!.id,
    days: 5,
    localTime: '23:59',
    dueAt: lagosDayAt(startsAt, 5, '23:59'),
  });
  // The demo student's seat: their paid order of the course in the demo's sales history (commands/sales-demo.ts).
  const [order] = await tx
    .select({ id: orders.id, paidAt: orders.paidAt })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.studentId, input.studentId), eq(orderLines.courseId, input.courseId)));
  if (!order) return;
  const paidAt = order.paidAt ?? startsAt;
  await tx.insert(cohortSeats).values({
    cohortId,
    studentId: input.studentId,
    orderId: order!.id,
    status: 'taken',
    heldUntil: paidAt,
    takenAt: paidAt,
  });
}
