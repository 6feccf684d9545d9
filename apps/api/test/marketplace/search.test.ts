import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TSearchResponse } from '@app/contract/courses';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

describe('search filters and sorts', () => {
  const t = useTestApp();
  // A word no other test uses, so the other tests' courses do not disturb the counts.
  const word = `quokka${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  let cheap: TestCourse;
  let mid: TestCourse;
  let dear: TestCourse;
  let devops: TestCourse;

  beforeAll(async () => {
    const tutor = await buildTutor(t);
    const at = (d: number) => new Date(Date.UTC(2030, 0, d));
    cheap = await buildApprovedCourse(t, tutor, {
      title: `${word} basics`,
      nairaPrice: 1000,
      createdAt: at(1),
    });
    mid = await buildApprovedCourse(t, tutor, {
      title: `${word} in depth`,
      nairaPrice: 5000,
      createdAt: at(3),
    });
    dear = await buildApprovedCourse(t, tutor, {
      title: `Mastering ${word}`,
      nairaPrice: 20000,
      createdAt: at(2),
    });
    devops = await buildApprovedCourse(t, tutor, {
      title: `${word} for operators`,
      nairaPrice: 8000,
      category: 'DevopsEngineer',
      createdAt: at(4),
    });
    await buildCourse(t, tutor, { title: `${word} pending`, status: 'Pending' });
    // Ratings: mid 5 (one review), dear 3 (two reviews: 2 and 4), cheap and devops unrated.
    const rate = async (course: TestCourse, rating: number) => {
      const s = await buildStudent(t);
      await buildEnrolment(t, s, course);
      const res = await t.op('reviewAdd', { body: { courseId: course.id, rating }, token: s.token });
      if (res.status !== 200) throw new Error(res.text);
    };
    await rate(mid, 5);
    await rate(dear, 2);
    await rate(dear, 4);
  });

  const search = (body: Record<string, unknown>) =>
    t.op('courseSearch', { body: { search: word, pageSize: 10, pageNo: 0, ...body } });
  const ids = (res: { body: TSearchResponse }) => res.body.coursesDtos.map((c) => c.id);

  it("keeps the spec's {search, pageSize, pageNo} answer: id, title and author only", async () => {
    const res = await t.op('courseSearch', {
      body: { search: word, pageSize: 10, pageNo: 0 },
    });
    expect(res.body.totalData).toBe(4);
    expect(Object.keys(res.body.coursesDtos[0]!).sort()).toEqual(['author', 'id', 'title']);
  });

  it('sorts by newest, price both ways and rating, with card fields', async () => {
    expect(ids(await search({ sort: 'newest' }))).toEqual([devops.id, mid.id, dear.id, cheap.id]);
    expect(ids(await search({ sort: 'priceAsc' }))).toEqual([cheap.id, mid.id, devops.id, dear.id]);
    expect(ids(await search({ sort: 'priceDesc' }))).toEqual([dear.id, devops.id, mid.id, cheap.id]);
    const byRating = await search({ sort: 'rating' });
    expect(ids(byRating).slice(0, 2)).toEqual([mid.id, dear.id]);
    expect(byRating.body.coursesDtos[1]).toMatchObject({
      title: `Mastering ${word}`,
      nairaPrice: 20000,
      averageRating: 3,
      ratingCount: 2,
      studentCount: 2,
      courseCategory: 'BackendEngineer',
      courseImageUrl: expect.stringMatching(/^\/media\/images\//),
    });
    const relevance = await search({ sort: 'relevance' });
    expect(relevance.body.totalData).toBe(4);
    expect(ids(relevance)[0]).toBe(cheap.id); // title prefixes first, alphabetically
  });

  it('filters by category, price range and minimum rating, and pages', async () => {
    expect(ids(await search({ category: 'DevopsEngineer' }))).toEqual([devops.id]);
    const range = await search({ minPrice: 2000, maxPrice: 10000, sort: 'priceAsc' });
    expect(ids(range)).toEqual([mid.id, devops.id]);
    expect(range.body.totalData).toBe(2);
    expect(ids(await search({ minRating: 4, sort: 'rating' }))).toEqual([mid.id]);
    expect(ids(await search({ minRating: 3, sort: 'rating' }))).toEqual([mid.id, dear.id]);
    const page1 = await search({ sort: 'priceAsc', pageSize: 3, pageNo: 1 });
    expect(ids(page1)).toEqual([dear.id]);
    expect(page1.body.totalData).toBe(4);
    expect((await search({ category: 'NoSuchCategory' })).body.totalData).toBe(0);
  });

  it('refuses bad filters with a readable 400', async () => {
    for (const [body, message] of [
      [{ minRating: 6 }, /minRating must be between 1 and 5/],
      [{ sort: 'cheapest' }, /sort must be one of/],
      [{ minPrice: -1 }, /cannot be negative/],
      [{ minPrice: 500, maxPrice: 100 }, /minPrice cannot be more than maxPrice/],
    ] as const) {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body.responseDto.message).toMatch(message);
    }
  });

  it('refuses empty or null filters instead of reading them as 0, and still takes numeric strings', async () => {
    for (const [body, message] of [
      [{ minPrice: null }, /^Price filters must be numbers$/],
      [{ maxPrice: '' }, /^Price filters must be numbers$/],
      [{ minPrice: false }, /^Price filters must be numbers$/],
      [{ minRating: '' }, /^minRating must be a number$/],
      [{ minRating: null }, /^minRating must be a number$/],
    ] as const) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.responseDto.message).toMatch(message);
    }
    const range = await search({ minPrice: '2000', maxPrice: ' 10000 ', sort: 'priceAsc' });
    expect(range.status).toBe(200);
    expect(ids(range)).toEqual([mid.id, devops.id]);
    expect(ids(await search({ minRating: '4', sort: 'rating' }))).toEqual([mid.id]);
  });

  it('names the corrected phrase of a typo, also when the filters leave nothing', async () => {
    const found = await search({ search: word.slice(0, 4) + word.slice(5), sort: 'relevance' });
    expect(found.body.correctedSearch).toBe(word);
    expect(found.body.totalData).toBe(4);
    const none = await search({ search: word.slice(0, 4) + word.slice(5), minPrice: 9_000_000 });
    expect(none.body.totalData).toBe(0);
    expect(none.body.correctedSearch).toBe(word);
  });
});
