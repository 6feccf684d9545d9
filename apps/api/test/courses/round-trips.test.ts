import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import type { OpAnswer, OpRequest } from '@app/contract/operations';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { type ApiResult, type OpCallArgs, useTestApp } from '../harness.ts';
import { statementsOf } from '../statements.ts';

/** An answer with its signed links' expiry and signature taken out (`?exp=…&v=…&sig=…`, `/media/hls/<exp>-<id>-<sig>/`). */
const unsigned = (body: unknown): unknown =>
  JSON.parse(
    JSON.stringify(body)
      .replace(/([?&])exp=\d+&v=\d+&sig=[\w-]+/g, '$1signed')
      .replace(/\/media\/hls\/\d+-\d+-[\w-]+\//g, '/media/hls/signed/'),
  );

// On a cache miss a list, category or detail page costs at most 2 SQL round trips, a search at most 3;
// once the courses' cards are stored (queries/course-cards.ts) a guest's list, category or detail page costs 1.
describe('SQL round trips of public catalogue answers on a cache miss', () => {
  const t = useTestApp();
  let course: TestCourse;
  // A word of this run only, so that other files' courses on a shared database never match.
  const word = `wombat${randomUUID().slice(0, 6).replace(/\d/g, 'q')}`;

  beforeAll(async () => {
    const tutor = await buildTutor(t);
    course = await buildApprovedCourse(t, tutor, { title: `${word} Essentials` });
    await buildApprovedCourse(t, tutor, { title: `Advanced ${word} Patterns` });
    await buildApprovedCourse(t, tutor, { title: `${word} for Teams`, category: 'DevopsEngineer' });
    await buildEnrolment(t, await buildStudent(t), course);
  });

  /**
   * The statements of one guest call made after the answer cache was emptied (a miss): `sent` are its reads, `stored`
   * the write-back of course cards it built (cache/cards.ts), which goes after the answer without holding it.
   */
  async function miss<N extends 'studentCourses' | 'viewSingleCourse' | 'courseSearch'>(
    name: N,
    body: OpRequest<N>,
  ) {
    // This instance's cache only: invalidateCatalogue would also tell every other instance.
    t.ctx.cache.answers.clear();
    let res: ApiResult<OpAnswer<N>> | undefined;
    const sent = await statementsOf(t.ctx.db, async () => {
      res = await t.op<N>(name, ...([{ body }] as OpCallArgs<N>));
    });
    expect(res!.status).toBe(200);
    expect(res!.headers.get('x-cache')).not.toBe('hit');
    const isCardWrite = (q: string) => q.includes('update "course_cards"');
    return { body: res!.body, sent: sent.filter((q) => !isCardWrite(q)), stored: sent.filter(isCardWrite) };
  }

  it('a list page and a category page read in at most 2', async () => {
    const list = await miss('studentCourses', {
      pageSize: 10,
      pageNo: 0,
    });
    expect(list.body.coursesDtos.length).toBeGreaterThan(0);
    // Every card carries its count (other test files' newer courses may push this file's off the first page).
    for (const c of list.body.coursesDtos) expect(c.studentCount).toEqual(expect.any(Number));
    const ours = list.body.coursesDtos.find((c) => c.id === course.id);
    if (ours) expect(ours.studentCount).toBe(1);
    expect(list.sent.length, list.sent.join('\n')).toBeLessThanOrEqual(2);
    expect(list.stored.length).toBeLessThanOrEqual(1);
    // Once the page's cards are stored, the page is one statement and stores nothing. A course published in between
    // changes the page and has no card yet (as has a course whose card a write emptied without changing the page),
    // so the page is read again until it holds still and reads its cards alone.
    let before = list;
    let again = before;
    for (let i = 0; i < 5; i++) {
      await t.ctx.cards.settled();
      again = await miss('studentCourses', {
        pageSize: 10,
        pageNo: 0,
      });
      if (JSON.stringify(again.body) === JSON.stringify(before.body) && again.sent.length === 1) break;
      before = again;
    }
    expect(again.body).toEqual(before.body);
    expect(again.sent.length, again.sent.join('\n')).toBe(1);
    expect(again.stored).toEqual([]);
    const category = await miss('studentCourses', {
      pageSize: 10,
      pageNo: 0,
      category: 'DevopsEngineer',
    });
    expect(category.body.coursesDtos.map((c) => c.title)).toContain(`${word} for Teams`);
    expect(category.sent.length, category.sent.join('\n')).toBeLessThanOrEqual(2);
    // A page past the end still knows the total.
    const beyond = await miss('studentCourses', {
      pageSize: 10,
      pageNo: 100_000,
      category: 'DevopsEngineer',
    });
    expect(beyond.body.coursesDtos).toEqual([]);
    expect(beyond.body.totalData).toBe(category.body.totalData);
    expect(beyond.sent.length, beyond.sent.join('\n')).toBeLessThanOrEqual(2);
  });

  it('a course detail reads in at most 2', async () => {
    const detail = await miss('viewSingleCourse', {
      courseId: course.id,
    });
    expect(detail.body.coursesDto).toMatchObject({ title: `${word} Essentials`, studentCount: 1 });
    expect(detail.body.coursesDto.sectionDto.length).toBeGreaterThan(0);
    expect(detail.sent.length, detail.sent.join('\n')).toBeLessThanOrEqual(2);
    await t.ctx.cards.settled();
    const again = await miss('viewSingleCourse', { courseId: course.id });
    // The same answer, its media links signed afresh (their expiry follows the second each call was made in).
    expect(unsigned(again.body)).toEqual(unsigned(detail.body));
    expect(again.sent.length, again.sent.join('\n')).toBe(1);
  });

  it('a search reads in at most 3, a typo and the search page with its cards included', async () => {
    const cases: [OpRequest<'courseSearch'>, number, string?][] = [
      [{ search: word }, 3],
      [{ search: `${word} ess` }, 1],
      [{ search: `advanced ${word}` }, 1],
      // A typo, corrected to the word.
      [{ search: word.slice(0, 3) + word.slice(4) }, 3, word],
      // A typo in one word of two, found in any order once corrected.
      [{ search: `teams ${word.slice(0, 3)}${word.slice(4)}` }, 1, `teams ${word}`],
      // The search page: a sort and the card fields.
      [{ search: word, sort: 'newest', minPrice: 0 }, 3],
      [{ search: word.slice(0, 3) + word.slice(4), sort: 'relevance', minPrice: 0 }, 3, word],
      [{ search: `${word} qxzvjwq` }, 0],
    ];
    for (const [query, total, corrected] of cases) {
      const found = await miss('courseSearch', {
        pageSize: 10,
        pageNo: 0,
        ...query,
      });
      expect(found.body.totalData, JSON.stringify(query)).toBe(total);
      expect(found.body.correctedSearch, JSON.stringify(query)).toBe(corrected);
      expect(found.sent.length, `${JSON.stringify(query)}\n${found.sent.join('\n')}`).toBeLessThanOrEqual(3);
    }
  });
});
