import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, courses } from '../../src/db/schema.ts';
import { mapFlatRows, mapsFlatRows } from '../../src/db/prepared.ts';
import { outlineQuery } from '../../src/queries/course-outline.ts';
import { cardRowsQuery } from '../../src/queries/course-rows.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

// Prepared catalogue statements map their rows with each field's decoder found once (db/prepared.ts): the rows
// must be exactly what drizzle's own mapping gives, on PGlite and on a PostgreSQL server.
describe('rows of prepared statements mapped by mapFlatRows', () => {
  const t = useTestApp();
  let ids: number[];
  let course: TestCourse;

  beforeAll(async () => {
    const tutor = await buildTutor(t);
    course = await buildApprovedCourse(t, tutor, { title: `Mapped rows ${randomUUID().slice(0, 6)}` });
    const other = await buildApprovedCourse(t, tutor, { title: 'Mapped rows, the second' });
    await buildEnrolment(t, await buildStudent(t), course);
    ids = [course.id, other.id];
  });

  /** The same statement, prepared twice under distinct names: once as drizzle maps it, once by mapFlatRows. */
  async function both<T>(
    name: string,
    build: (name: string) => { execute(v: Record<string, unknown>): Promise<T[]> },
    values: Record<string, unknown>,
  ) {
    const plain = build(`${name}_plain_${randomUUID().slice(0, 8)}`);
    const flat = mapFlatRows(build(`${name}_flat_${randomUUID().slice(0, 8)}`));
    expect(mapsFlatRows(plain)).toBe(false);
    expect(mapsFlatRows(flat)).toBe(true);
    return { drizzle: await plain.execute(values), ours: await flat.execute(values) };
  }

  it('gives the same rows, keys in the same order, for course rows with cards, dates, numbers and json', async () => {
    const { drizzle, ours } = await both(
      'card_rows',
      (name) =>
        cardRowsQuery(t.ctx.db, sql<number>`${sql.placeholder('total')}::int`)
          .where(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`)
          .orderBy(courses.id)
          .prepare(name),
      { ids, total: 7 },
    );
    expect(drizzle).toHaveLength(2);
    expect(ours).toEqual(drizzle);
    expect(ours.map((r) => Object.keys(r as object))).toEqual(drizzle.map((r) => Object.keys(r as object)));
    // Values through the columns' decoders: a number from a bigint column, a count, the placeholder's total.
    expect(ours[0]).toMatchObject({ id: course.id, students: 1, total: 7 });
    expect(typeof (ours[0] as { priceKobo: unknown }).priceKobo).toBe(
      typeof (drizzle[0] as { priceKobo: unknown }).priceKobo,
    );
  });

  it('gives the same rows for the outline with its counts and for plain columns with a date', async () => {
    // The outline is prepared under its own name (the same text twice on a connection is allowed).
    const outline = await both('outline', () => outlineQuery(t.ctx.db, true), { ids });
    expect(outline.drizzle.length).toBeGreaterThan(2);
    expect(outline.ours).toEqual(outline.drizzle);
    const created = await both(
      'created',
      (name) =>
        t.ctx.db
          .select({ id: courses.id, createdAt: courses.createdAt, title: courses.title })
          .from(courses)
          .where(inArray(courses.id, ids))
          .orderBy(courses.id)
          .prepare(name),
      {},
    );
    expect(created.ours).toEqual(created.drizzle);
    expect((created.ours[0] as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
  });

  it('leaves a statement with nested fields to drizzle', () => {
    const nested = t.ctx.db
      .select({ course: { id: courses.id }, author: accounts.fullName })
      .from(courses)
      .innerJoin(accounts, sql`${accounts.id} = ${courses.tutorId}`)
      .prepare(`nested_${randomUUID().slice(0, 8)}`);
    expect(mapsFlatRows(mapFlatRows(nested))).toBe(false);
  });
});
