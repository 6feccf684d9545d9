import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
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

/** A category's id and its group's code, by the category's code; undefined for an unknown code. */
export async function categoryWithGroup(db: Db, code: string) {
  const [row] = await db
    .select({ id: courseCategories.id, group: courseGroups.code })
    .from(courseCategories)
    .innerJoin(courseGroups, eq(courseGroups.id, courseCategories.groupId))
    .where(eq(courseCategories.code, code))
    .limit(1);
  return row;
}

/** The id and code of each category of `codes` that exists. */
export const categoriesByCode = (db: Db | Tx, codes: string[]) =>
  db
    .select({ id: courseCategories.id, code: courseCategories.code })
    .from(courseCategories)
    .where(inArray(courseCategories.code, codes));
