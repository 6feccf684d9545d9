import { beforeAll, describe, expect, it } from 'vitest';

import { cardRowsByIds } from '../../src/queries/card-rows.ts';
import { buildApprovedCourse, buildCourse, type TestCourse } from '../factories-course.ts';
import { useAccounts } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { statementsOf } from '../statements.ts';

// Guests' list, category and detail pages read their courses with cards by id (queries/card-rows.ts): the ids asked
// for in one turn of the event loop go in one statement, and each caller gets its own rows.
describe('course rows with cards read together by id', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');
  let a: TestCourse;
  let b: TestCourse;
  let pending: TestCourse;

  beforeAll(async () => {
    a = await buildApprovedCourse(t, tutor, { title: 'Read together A' });
    b = await buildApprovedCourse(t, tutor, { title: 'Read together B', category: 'DataAnalyst' });
    pending = await buildCourse(t, tutor, { status: 'Pending', title: 'Read together pending' });
  });

  it('reads the ids of calls made in the same turn in one statement, each in its own order', async () => {
    let one: Awaited<ReturnType<typeof cardRowsByIds>> = [];
    let two: typeof one = [];
    let three: typeof one = [];
    const sent = await statementsOf(t.ctx.db, async () => {
      [one, two, three] = await Promise.all([
        cardRowsByIds(t.ctx.db, [b.id, a.id]),
        // An id no course has, and one beyond any id's range, are left out without failing the others.
        cardRowsByIds(t.ctx.db, [pending.id, 2_000_000_000, a.id, 2 ** 40]),
        cardRowsByIds(t.ctx.db, []),
      ]);
    });
    expect(sent).toHaveLength(1);
    expect(one.map((r) => [r.id, r.status, r.listedIn])).toEqual([
      [b.id, 'Approved', 'DataAnalyst'],
      [a.id, 'Approved', 'BackendEngineer'],
    ]);
    // Unpublished courses come too: the caller decides who may see them.
    expect(two.map((r) => [r.id, r.status])).toEqual([
      [pending.id, 'Pending'],
      [a.id, 'Approved'],
    ]);
    expect(three).toEqual([]);
    // Calls in later turns read again: nothing is kept between them.
    const later = await statementsOf(t.ctx.db, async () => {
      await cardRowsByIds(t.ctx.db, [a.id]);
      await cardRowsByIds(t.ctx.db, [a.id]);
    });
    expect(later).toHaveLength(2);
  });

  it('guests asking at the same moment get their own pages and courses', async () => {
    t.ctx.cache.answers.clear();
    const detail = (c: TestCourse) => t.op('viewSingleCourse', { body: { courseId: c.id } });
    const [detailA, detailB, detailPending] = await Promise.all([detail(a), detail(b), detail(pending)]);
    expect(detailA.status).toBe(200);
    expect(detailA.body.coursesDto).toMatchObject({ id: a.id, title: 'Read together A' });
    expect(detailB.body.coursesDto).toMatchObject({ id: b.id, title: 'Read together B' });
    expect(detailPending.status).toBe(404);
  });
});
