import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { certificates } from '../db/schema-learning.ts';

/**
 * Revokes the student's certificate of a course (a processed refund took the course back), inside the refund's
 * transaction: the row stays, with status 'revoked' and when, so its code still verifies and says so.
 */
export async function revokeCertificate(tx: Tx, studentId: number, courseId: number): Promise<void> {
  await tx
    .update(certificates)
    .set({ status: 'revoked', revokedAt: sql`now()` })
    .where(
      and(
        eq(certificates.studentId, studentId),
        eq(certificates.courseId, courseId),
        eq(certificates.status, 'valid'),
      ),
    );
}
