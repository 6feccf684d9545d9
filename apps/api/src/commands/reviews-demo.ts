import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { courseStatusHistory, courses } from '../db/schema.ts';
import { auditLog } from '../db/schema-money.ts';
import type { DemoCourse } from './sales-demo.ts';

/** Hours each demo course waited between its submission and the admin's approval, in manifest order. */
const REVIEW_HOURS = [5, 26, 3, 12, 48, 8, 30, 18];
const HOUR = 3_600_000;

/**
 * The demo courses' review history, as if the admin had approved each some hours after its tutor submitted it (when
 * it was made, after the sales history has dated it, days before its first sale): the Pending and Approved steps of
 * course_status_history and the approval's audit entry. The admin dashboard's median time from submission to review
 * and the audit screen then have figures on a fresh clone. Without an admin account (a test seeding alone) there is
 * no reviewer, so nothing is added.
 */
export async function addDemoReviews(
  tx: Tx,
  admin: { id: number } | undefined,
  made: DemoCourse[],
): Promise<void> {
  if (!admin || made.length === 0) return;
  const rows = await tx
    .select({ id: courses.id, createdAt: courses.createdAt })
    .from(courses)
    .where(
      inArray(
        courses.id,
        made.map((c) => c.id),
      ),
    );
  const madeAt = new Map(rows.map((r) => [r.id, r.createdAt]));
  const steps = made.map((c, i) => {
    const submittedAt = madeAt.get(c.id)!;
    const approvedAt = new Date(submittedAt.getTime() + REVIEW_HOURS[i % REVIEW_HOURS.length]! * HOUR);
    return { c, submittedAt, approvedAt };
  });
  await tx.insert(courseStatusHistory).values(
    steps.flatMap(({ c, submittedAt, approvedAt }) => [
      { courseId: c.id, status: 'Pending' as const, createdAt: submittedAt },
      { courseId: c.id, status: 'Approved' as const, adminId: admin.id, createdAt: approvedAt },
    ]),
  );
  await tx.insert(auditLog).values(
    steps.map(({ c, approvedAt }) => ({
      actorId: admin.id,
      actorRole: 'admin' as const,
      action: 'course.approved',
      subjectType: 'course',
      subjectId: String(c.id),
      details: { title: c.title, from: 'Pending', to: 'Approved', reason: null },
      createdAt: approvedAt,
    })),
  );
}
