import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseCategories, courseGroups } from '../db/schema.ts';

/** Every course group, in order. */
export const courseGroupRows = (db: Db) => db.select().from(courseGroups).orderBy(asc(courseGroups.id));

/** A group's categories, the group named by its code or its id; null when there is no such group. */
export async function groupCategories(db: Db, key: string, id: number | null) {
  const [group] = await db
    .select({ id: courseGroups.id })
    .from(courseGroups)
    .where(id !== null ? eq(courseGroups.id, id) : eq(courseGroups.code, key))
    .limit(1);
  if (!group) return null;
  return db
    .select({
      id: courseCategories.id,
      code: courseCategories.code,
      description: courseCategories.description,
    })
    .from(courseCategories)
    .where(eq(courseCategories.groupId, group.id))
    .orderBy(asc(courseCategories.id));
}

/** A category's name by its code (the category page's title). */
export async function categoryName(db: Db, code: string): Promise<string | undefined> {
  const [c] = await db
    .select({ name: courseCategories.description })
    .from(courseCategories)
    .where(eq(courseCategories.code, code))
    .limit(1);
  return c?.name;
}

/** Every category code (the sitemap). */
export const categoryCodes = (db: Db) =>
  db.select({ code: courseCategories.code }).from(courseCategories).orderBy(courseCategories.code);
