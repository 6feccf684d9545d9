import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { assistantInvites, courseAssistants } from '../db/schema-assignments.ts';

/** The account ids of a course's teaching assistants. */
export async function courseAssistantIds(db: Db, courseId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: courseAssistants.accountId })
    .from(courseAssistants)
    .where(eq(courseAssistants.courseId, courseId));
  return new Set(rows.map((r) => r.id));
}

/** A course's assistants (name, email, since when) and its invitations not yet accepted. */
export async function assistantsOf(db: Db, courseId: number) {
  const [assistants, invites] = await Promise.all([
    db
      .select({
        accountId: courseAssistants.accountId,
        fullName: accounts.fullName,
        email: accounts.email,
        since: courseAssistants.createdAt,
      })
      .from(courseAssistants)
      .innerJoin(accounts, eq(accounts.id, courseAssistants.accountId))
      .where(eq(courseAssistants.courseId, courseId))
      .orderBy(asc(courseAssistants.createdAt)),
    db
      .select({ id: assistantInvites.id, email: assistantInvites.email, sentAt: assistantInvites.createdAt })
      .from(assistantInvites)
      .where(and(eq(assistantInvites.courseId, courseId), isNull(assistantInvites.acceptedAt)))
      .orderBy(asc(assistantInvites.id)),
  ]);
  return { assistants, invites };
}

/** A live tutor account by email (an invitation links to it). */
export async function tutorByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: accounts.id, fullName: accounts.fullName, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.role, 'tutor'), eq(accounts.email, email), isNull(accounts.deletedAt)));
  return row;
}

/** An invitation by its token's hash, with its course's title. */
export async function inviteByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invite: assistantInvites, courseTitle: courses.title, tutorId: courses.tutorId })
    .from(assistantInvites)
    .innerJoin(courses, eq(courses.id, assistantInvites.courseId))
    .where(eq(assistantInvites.tokenHash, tokenHash));
  return row;
}

/** The courses a tutor assists on, with their tutors' names. */
export const assistedCourses = (db: Db, accountId: number) =>
  db
    .select({ id: courses.id, title: courses.title, tutorName: accounts.fullName })
    .from(courseAssistants)
    .innerJoin(courses, eq(courses.id, courseAssistants.courseId))
    .innerJoin(accounts, eq(accounts.id, courses.tutorId))
    .where(and(eq(courseAssistants.accountId, accountId), isNull(courses.deletedAt)))
    .orderBy(asc(courses.title));
