import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';

/** What course search matches on: the title and the author's name, lower-cased. */
export const searchTextOf = (title: string, author: string) => `${title} ${author}`.toLowerCase();

/**
 * Recomputes search text of every course of a tutor; call it after the tutor's name changes. Resolves to those
 * courses' ids (their cached answers show the author's name).
 */
export async function refreshTutorSearchText(db: Db | Tx, tutorId: number): Promise<number[]> {
  const rows = await db
    .update(courses)
    .set({
      searchText: sql`lower(${courses.title} || ' ' || (select ${accounts.fullName} from ${accounts} where ${accounts.id} = ${tutorId}))`,
    })
    .where(eq(courses.tutorId, tutorId))
    .returning({ id: courses.id });
  return rows.map((r) => r.id);
}
