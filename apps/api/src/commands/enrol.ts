import type { Tx } from '../db/client.ts';
import { enrolments } from '../db/schema-money.ts';

/** Enrols a student in each course once (the unique (student, course) index absorbs repeats); returns the new ones. */
export async function enrolStudent(
  tx: Tx,
  studentId: number,
  orderId: number | null,
  lines: { courseId: number; priceKobo: number }[],
): Promise<number[]> {
  if (lines.length === 0) return [];
  const rows = await tx
    .insert(enrolments)
    .values(lines.map((l) => ({ studentId, courseId: l.courseId, orderId, pricePaidKobo: l.priceKobo })))
    .onConflictDoNothing({ target: [enrolments.studentId, enrolments.courseId] })
    .returning({ courseId: enrolments.courseId });
  return rows.map((r) => r.courseId);
}
