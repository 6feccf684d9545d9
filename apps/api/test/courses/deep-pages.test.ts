import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../../src/db/client.ts';
import { courses } from '../../src/db/schema.ts';
import { publicCourseCards, publicCourses, type IdLists } from '../../src/queries/courses.ts';
import { buildApprovedCourse, buildCourse } from '../factories-course.ts';
import { useAccounts } from '../factories.ts';
import { useTestApp } from '../harness.ts';

/** An id list loaded fresh on every call (no caching): what the listing holds at this moment. */
const fresh: IdLists = {
  ids: async (_key, _tags, load) => Int32Array.from(await load()),
  cachedIds: () => undefined,
};

/** A card row's fields beside the page's total (which an id list's page does not put on each row). */
const withoutTotal = (row: object) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'total' && k !== 'listedIn'));

// Deep catalogue pages (from DEEP_OFFSET, 1,000) are slices of the listing's cached id list. The threshold is a
// parameter, so these tests take every page that way (0) on a database of a few courses.
describe('deep catalogue pages read from the id list', () => {
  const t = useTestApp();

  const [tutor, admin] = useAccounts(t, 'tutor', 'admin');
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await buildApprovedCourse(t, tutor, { title: `Deep page course ${i}` });
    await buildApprovedCourse(t, tutor, { title: 'Deep page product', category: 'ProductOwner' });
    await buildCourse(t, tutor, { status: 'Pending', title: 'Deep page pending' });
  });

  it('gives the same pages and totals as the OFFSET scan, categories and pages past the end included', async () => {
    // One snapshot for both readings, so other test files writing meanwhile cannot make them differ.
    await t.ctx.db.transaction(
      async (tx) => {
        const db = tx as unknown as Db;
        for (const category of [undefined, 'ProductOwner', 'NoSuchCategory']) {
          for (const [pageNo, pageSize] of [
            [0, 10],
            [1, 3],
            [2, 2],
            [0, 1],
            [100_000, 10],
          ] as const) {
            const page = { pageNo, pageSize, ...(category ? { category } : {}) };
            const viaOffset = await publicCourses(db, page);
            const viaIds = await publicCourses(db, page, fresh, 0);
            const what = JSON.stringify(page);
            expect(viaIds.total, what).toBe(viaOffset.total);
            expect(
              viaIds.rows.map((r) => r.id),
              what,
            ).toEqual(viaOffset.rows.map((r) => r.id));
            expect(viaIds.rows, what).toEqual(viaOffset.rows);
            // A guest's page of cards: the id list's slice is read by id (queries/card-rows.ts), in the list's order.
            const cardsViaOffset = await publicCourseCards(db, page);
            const cardsViaIds = await publicCourseCards(db, page, fresh, 0);
            expect(cardsViaIds.total, what).toBe(cardsViaOffset.total);
            expect(cardsViaIds.rows.map(withoutTotal), what).toEqual(cardsViaOffset.rows.map(withoutTotal));
          }
        }
      },
      { isolationLevel: 'repeatable read' },
    );
  });

  it('keeps the list in the answer cache until the listing changes', async () => {
    const page = { pageNo: 0, pageSize: 50, category: 'ProductOwner' };
    const unseen = await buildCourse(t, tutor, {
      status: 'Pending',
      title: 'Deep page unseen',
      category: 'ProductOwner',
    });
    const before = await publicCourses(t.ctx.db, page, t.ctx.cache, 0);
    expect(before.rows.map((r) => r.title)).toContain('Deep page product');

    // Approved behind the API's back (no invalidation), a course is not in the cached list...
    await t.ctx.db.update(courses).set({ status: 'Approved' }).where(eq(courses.id, unseen.id));
    const cached = await publicCourses(t.ctx.db, page, t.ctx.cache, 0);
    expect(cached.rows.map((r) => r.id)).not.toContain(unseen.id);
    expect(cached.total).toBe(before.total);

    // ...until a course approved through the API invalidates the category's listing.
    const late = await buildCourse(t, tutor, {
      status: 'Pending',
      title: 'Deep page approved later',
      category: 'ProductOwner',
    });
    const approved = await t.op('processCourse', {
      body: { id: late.id, status: 'Approved' },
      token: admin.token,
    });
    expect(approved.status).toBe(200);
    const after = await publicCourses(t.ctx.db, page, t.ctx.cache, 0);
    expect(after.rows.map((r) => r.id)).toEqual(expect.arrayContaining([late.id, unseen.id]));
    expect(after.total).toBeGreaterThanOrEqual(before.total + 2);
  });

  it('reads a shallow page from the id list once the list is loaded, and by OFFSET before', async () => {
    await buildApprovedCourse(t, tutor, { title: 'Deep page product 2', category: 'ProductOwner' });
    const page = { pageNo: 0, pageSize: 3, category: 'ProductOwner' };
    const listed = await publicCourses(t.ctx.db, page);
    expect(listed.rows.length).toBeGreaterThan(0);
    // A loaded list that differs from the listing (its newest course left out): the page follows it.
    const ids = (await publicCourses(t.ctx.db, { ...page, pageSize: 50 })).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    const list = Int32Array.from(ids.slice(1));
    const loaded: IdLists = {
      ids: () => Promise.reject(new Error('a loaded list is not loaded again')),
      cachedIds: (key) => (key === 'ids|ProductOwner' ? list : undefined),
    };
    const fromList = await publicCourses(t.ctx.db, page, loaded);
    expect(fromList.rows.map((r) => r.id)).toEqual([...list.subarray(0, 3)]);
    expect(fromList.total).toBe(list.length);
    // Not loaded: a shallow page is an OFFSET scan and loads nothing (the list is loaded by a deep page only).
    const notLoaded: IdLists = {
      ids: () => Promise.reject(new Error('a shallow page does not wait for the list')),
      cachedIds: () => undefined,
    };
    const scanned = await publicCourses(t.ctx.db, page, notLoaded);
    expect(scanned.rows.map((r) => r.id)).toEqual(listed.rows.map((r) => r.id));
  });

  it('leaves out of a guest page what its id list still holds but is no longer published or in the category', async () => {
    const product = await buildApprovedCourse(t, tutor, {
      title: 'Deep page product 3',
      category: 'ProductOwner',
    });
    const elsewhere = await buildApprovedCourse(t, tutor, { title: 'Deep page elsewhere' });
    const pending = await buildCourse(t, tutor, {
      status: 'Pending',
      title: 'Deep page pending 2',
      category: 'ProductOwner',
    });
    // A list loaded before changes that another instance's invalidation has not yet brought here.
    const stale = Int32Array.from([pending.id, elsewhere.id, product.id]);
    const loaded: IdLists = {
      ids: () => Promise.reject(new Error('a loaded list is not loaded again')),
      cachedIds: () => stale,
    };
    const all = await publicCourseCards(t.ctx.db, { pageNo: 0, pageSize: 10 }, loaded);
    expect(all.rows.map((r) => r.id)).toEqual([elsewhere.id, product.id]);
    const inCategory = await publicCourseCards(
      t.ctx.db,
      { pageNo: 0, pageSize: 10, category: 'ProductOwner' },
      loaded,
    );
    expect(inCategory.rows.map((r) => r.id)).toEqual([product.id]);
    expect(inCategory.total).toBe(3);
  });
});
