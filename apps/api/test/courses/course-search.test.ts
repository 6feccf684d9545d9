import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { statementsOf } from '../statements.ts';
import { searchCourses } from '../../src/queries/search/search-courses.ts';
import type { Correction, CorrectionMemo } from '../../src/queries/search/statements.ts';

// On PostgreSQL every test file shares one database, so search uses a made-up word of this run, keeping assertions
// about other files' data out.

describe('course search', () => {
  const t = useTestApp();
  // A word of this run only ("kuber" + 4 random letters + "netes"), so other files' courses never match.
  const rand = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );
  const K = `Kuber${rand}netes`;
  const typo = `kuber${rand}nets`;
  const P = `Pyth${rand}on`;
  beforeAll(async () => {
    const ada = await buildTutor(t, { fullName: `Ada Lovelace ${rand}` });
    const bola = await buildTutor(t, { fullName: 'Bola Kubwa' });
    await buildCourse(t, ada, { title: `Advanced ${K} Operators` });
    await buildCourse(t, ada, { title: K });
    await buildCourse(t, bola, { title: `${K} for Beginners` });
    await buildCourse(t, bola, { title: `Docker and ${K} Networking` });
    await buildCourse(t, bola, { title: `${P} Basics` });
    await buildCourse(t, ada, { title: `${K} Secrets`, status: 'Pending' });
    await buildCourse(t, ada, { title: `${K} 100% Off`, status: 'Rejected' });
  });

  const search = (search: string, token?: string, page = { pageSize: 10, pageNo: 0 }) =>
    t.op('courseSearch', { body: { search, ...page }, token });

  it('ranks the exact title first, then title prefixes, then the rest; Approved only for the public', async () => {
    const res = await search(K);
    expect(res.status).toBe(200);
    expect(res.body.coursesDtos.map((h) => h.title)).toEqual([
      K,
      `${K} for Beginners`,
      expect.any(String),
      expect.any(String),
    ]);
    expect(
      res.body.coursesDtos
        .slice(2)
        .map((h) => h.title)
        .sort(),
    ).toEqual([`Advanced ${K} Operators`, `Docker and ${K} Networking`]);
    expect(res.body.totalData).toBe(4);
    expect(res.body.coursesDtos[0]).toEqual({
      id: expect.any(Number),
      title: K,
      author: `Ada Lovelace ${rand}`,
    });
  });

  it('matches partial words case-insensitively, and author names', async () => {
    expect((await search(`KUBER${rand.toUpperCase()}N`)).body.totalData).toBe(4);
    expect((await search(`${rand}netes for`)).body.coursesDtos[0]!.title).toBe(`${K} for Beginners`);
    const byAuthor = await search(`lovelace ${rand}`);
    expect(byAuthor.body.coursesDtos.map((h) => h.title).sort()).toEqual(
      [`Advanced ${K} Operators`, K].sort(),
    );
  });

  it('tolerates a typo', async () => {
    const res = await search(typo);
    expect(res.body.coursesDtos.map((h) => h.title)).toEqual(
      expect.arrayContaining([K, `${K} for Beginners`]),
    );
    expect(res.body.coursesDtos.some((h) => h.title === `${P} Basics`)).toBe(false);
    expect((await search(`pyth${rand}n`)).body.coursesDtos.map((h) => h.title)).toEqual([`${P} Basics`]);
    expect((await search(`${rand}netes beginers`)).body.coursesDtos.map((h) => h.title)).toEqual([
      `${K} for Beginners`,
    ]);
  });

  it('corrects a typo in any word of a several-word query, and finds the words in any order', async () => {
    const tutor = await buildTutor(t, { fullName: `Emeka Obi ${rand}` });
    await buildCourse(t, tutor, { title: `Rust${rand} Backend Services` });
    await buildCourse(t, tutor, { title: `Rust${rand} for Embedded Devices` });
    const titles = async (q: string) => (await search(q)).body.coursesDtos.map((h) => h.title);
    expect(await titles(`rust${rand} bakend`)).toEqual([`Rust${rand} Backend Services`]);
    expect(await titles(`bakend rust${rand}`)).toEqual([`Rust${rand} Backend Services`]);
    expect(await titles(`embeded rust${rand}`)).toEqual([`Rust${rand} for Embedded Devices`]);
    expect(await titles(`devices rust${rand}`)).toEqual([`Rust${rand} for Embedded Devices`]);
    // A word found nowhere, not even nearly, finds nothing rather than ignoring the word.
    expect((await search(`rust${rand} qxzvjwq`)).body).toMatchObject({ coursesDtos: [], totalData: 0 });
  });

  it('finds the same courses when word statistics leave common words out of the word index lookup', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t, { fullName: `Ada Eze ${rand}` });
    await buildCourse(t, tutor, { title: `Scala${rand} Fundamentals Vol. 12` });
    await buildCourse(t, tutor, { title: `Scala${rand} Fundamentals Vol. 120` });
    await buildCourse(t, tutor, { title: `Scala${rand} Projects Vol. 12` });
    const queries = [
      `scala${rand} fundamentals vol. 12`,
      `vol. 12 scala${rand}`,
      `fundamentals scala${rand}`,
      `scala${rand} fundamentls`,
    ];
    // An admin's searches are never cached: each one below reaches the database.
    const answers = () => Promise.all(queries.map(async (q) => (await search(q, admin.token)).body));
    const before = await answers();
    expect(before.map((a) => a.coursesDtos.map((h) => h.title))).toEqual([
      [`Scala${rand} Fundamentals Vol. 12`, `Scala${rand} Fundamentals Vol. 120`],
      // Not a phrase of any title: every word, in any order.
      [
        `Scala${rand} Projects Vol. 12`,
        `Scala${rand} Fundamentals Vol. 12`,
        `Scala${rand} Fundamentals Vol. 120`,
      ],
      [`Scala${rand} Fundamentals Vol. 12`, `Scala${rand} Fundamentals Vol. 120`],
      [`Scala${rand} Fundamentals Vol. 12`, `Scala${rand} Fundamentals Vol. 120`],
    ]);
    const stats = t.ctx.wordStats;
    const choose = stats.choose;
    try {
      // Only the first word, only the last, none (every word then): the other words are still checked on each row.
      for (const pick of [
        (w: string[][]) => w.map((_, i) => i === 0),
        (w: string[][]) => w.map((_, i) => i === w.length - 1),
        (w: string[][]) => w.map(() => false),
      ]) {
        stats.choose = pick;
        expect(await answers()).toEqual(before);
      }
    } finally {
      stats.choose = choose;
    }
  });

  /**
   * `n` Rejected courses of `tutor` titled `title` followed by 1..n, dated 2001, in one statement: only an admin search
   * sees them, and they list last everywhere.
   */
  const insertRejected = (tutor: TestAccount, title: string, n: number) =>
    t.ctx.db.execute(sql`
      insert into courses (tutor_id, title, description, price_kobo, image_ref, category_id, status, search_text, created_at)
      select ${tutor.id}::int, ${title}::text || i, 'x', 500000, 'images/x.png',
             (select min(id) from course_categories), 'Rejected',
             lower(${title}::text || i || ' ' || ${tutor.fullName}::text), timestamptz '2001-01-01'
      from generate_series(1, ${n}::int) i`);

  it('counts at most 1,000 matches, and still ranks the exact title and title prefixes first among them', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t, { fullName: `Funmi Bello ${rand}` });
    await insertRejected(tutor, `Many${rand} `, 1005);
    const first = await search(`many${rand}`, admin.token);
    expect(first.body.totalData).toBe(1000);
    expect(first.body.coursesDtos).toHaveLength(10);
    const later = await search(`many${rand}`, admin.token, { pageSize: 10, pageNo: 3 });
    expect(later.body.totalData).toBe(1000);
    expect(later.body.coursesDtos).toHaveLength(10);
    const exact = await search(`many${rand} 7`, admin.token);
    expect(exact.body.coursesDtos.map((h) => h.title).slice(0, 3)).toEqual([
      `Many${rand} 7`,
      `Many${rand} 70`,
      `Many${rand} 700`,
    ]);
    expect(exact.body.totalData).toBe(111); // 7, 70-79, 700-799
    expect((await search(`many${rand}`)).body.totalData).toBe(0);
  });

  it('finds the corrected phrase even where the every-word matches of a typo search pass 1,000', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t, { fullName: `Kemi Ade ${rand}` });
    // 1,005 courses hold both words but not the phrase; the two holding the phrase come after them on disk, past
    // the first 1,000 that a search reads of the every-word matches.
    await insertRejected(tutor, `Cap${rand} Quantum${rand} `, 1005);
    await insertRejected(tutor, `Quantum${rand} Cap${rand} `, 2);
    const res = await search(`quantm${rand} cap${rand}`, admin.token);
    expect(res.body.correctedSearch).toBe(`quantum${rand} cap${rand}`);
    expect(res.body.totalData).toBe(2);
    expect(res.body.coursesDtos.map((h) => h.title)).toEqual([
      `Quantum${rand} Cap${rand} 1`,
      `Quantum${rand} Cap${rand} 2`,
    ]);
    // The words in any order still count at most 1,000 when the phrase matches nothing.
    const anyOrder = await search(
      `quantm${rand} ${tutor.fullName.split(' ')[0]!.toLowerCase()} cap${rand}`,
      admin.token,
    );
    expect(anyOrder.body.totalData).toBe(1000);
  });

  it('goes straight to the corrections once it knows a word of the phrase is in no course word', async () => {
    const learnt = new Map<string, Correction>();
    const memo: CorrectionMemo = {
      get: (w) => learnt.get(w),
      generation: () => 0,
      store: (w, c) => void learnt.set(w, c),
    };
    const query = `${rand}netes beginers`;
    const opts = { pageSize: 10, pageNo: 0, everyStatus: false, corrections: memo };
    let first: Awaited<ReturnType<typeof searchCourses>> | undefined;
    let again: typeof first;
    const firstSent = await statementsOf(t.ctx.db, async () => {
      first = await searchCourses(t.ctx.db, query, opts);
    });
    expect(firstSent).toHaveLength(2);
    expect(first!.hits.map((h) => h.title)).toEqual([`${K} for Beginners`]);
    expect(first!.correctedSearch).toBe(`${rand}netes beginners`);
    expect(learnt.get('beginers')).toMatchObject({ known: false });
    expect(learnt.get(`${rand}netes`)).toEqual({ known: true, alts: [] });
    const againSent = await statementsOf(t.ctx.db, async () => {
      again = await searchCourses(t.ctx.db, query, opts);
    });
    expect(againSent).toHaveLength(1);
    expect(again).toEqual(first);
    // A phrase that matches as typed is searched for itself (no corrections), and an admin's search neither reads nor fills the memo.
    expect((await searchCourses(t.ctx.db, `${rand}netes for`, opts)).total).toBe(1);
    const adminSent = await statementsOf(t.ctx.db, () =>
      searchCourses(t.ctx.db, query, { ...opts, everyStatus: true }),
    );
    expect(adminSent).toHaveLength(2);
  });

  it('forgets what it learnt of a word once a course guests can find holds the word', async () => {
    const admin = await buildAdmin(t);
    // Its own random letters, not this file's `rand`: a dictionary word built on `rand` (an author's surname, say)
    // could be close enough to correct it to, and the search would not start empty.
    const own = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const word = `zqjx${own}`;
    expect((await search(word)).body.totalData).toBe(0);
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { title: `${word} Basics`, status: 'Pending' });
    const approved = await t.op('processCourse', {
      body: { id: course.id, status: 'Approved' },
      token: admin.token,
    });
    expect(approved.status).toBe(200);
    // Another page size: another answer, from the database.
    const found = await search(word, undefined, { pageSize: 5, pageNo: 0 });
    expect(found.body.coursesDtos.map((h) => h.title)).toEqual([`${word} Basics`]);
    expect(found.body.correctedSearch).toBeUndefined();
  });

  it('pages results and keeps the total', async () => {
    const p1 = await search(K, undefined, { pageSize: 3, pageNo: 1 });
    expect(p1.body.coursesDtos).toHaveLength(1);
    expect(p1.body.totalData).toBe(4);
    const beyond = await search(K, undefined, { pageSize: 3, pageNo: 5 });
    expect(beyond.body).toMatchObject({ coursesDtos: [], totalData: 4 });
  });

  it("finds a tutor's courses by the new name after the tutor renames itself in settings", async () => {
    const tutor = await buildTutor(t, { fullName: `Old Name ${rand}` });
    await buildCourse(t, tutor, { title: `Renaming ${rand} Course` });
    const renamed = await t.op('staffUpdate', {
      token: tutor.token,
      body: { fullName: `Zainab Renamed${rand}`, gender: 'Female', age: 30, accountDetailDtoList: [] },
    });
    expect(renamed.status).toBe(200);
    const hits = await search(`zainab renamed${rand}`);
    expect(hits.body.coursesDtos).toEqual([
      { id: expect.any(Number), title: `Renaming ${rand} Course`, author: `Zainab Renamed${rand}` },
    ]);
    expect((await search(`old name ${rand}`)).body.totalData).toBe(0);
    // The new name's words reach the typo dictionary too.
    expect((await search(`zainab renamd${rand}`)).body.coursesDtos.map((h) => h.title)).toEqual([
      `Renaming ${rand} Course`,
    ]);
  });

  it('finds titles whose words hold quotes, backslashes and tabs, by any part of the phrase', async () => {
    const tutor = await buildTutor(t, { fullName: `Femi Ade ${rand}` });
    await buildCourse(t, tutor, { title: `Rock 'n' Roll${rand} C:\\Music\tGuitar` });
    const titles = async (q: string) => (await search(q)).body.coursesDtos.map((h) => h.title);
    const want = [`Rock 'n' Roll${rand} C:\\Music\tGuitar`];
    expect(await titles(`'n' roll${rand} c:\\mus`)).toEqual(want);
    expect(await titles(`ck 'n' roll${rand}`)).toEqual(want);
    expect(await titles(`c:\\music guitar ${rand}`)).toEqual(want); // every word, in any order
    expect((await search(`'n' roll${rand} c:\\x`)).body.totalData).toBe(0);
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await search('%%%')).body.totalData).toBe(0);
    expect((await search('___')).body.totalData).toBe(0);
    // As a title prefix too: '%' and '_' stand for themselves.
    const admin = await buildAdmin(t);
    const prefixed = await search(`${K} 100%`, admin.token);
    expect(prefixed.body.coursesDtos.map((h) => h.title)).toEqual([`${K} 100% Off`]);
    // '_' is no wildcard: nothing holds the phrase as typed, so it is taken for a typo and corrected.
    expect((await search(`${K} 1_0`, admin.token)).body).toMatchObject({
      correctedSearch: expect.any(String),
    });
  });

  it('searches every status with an admin token, and refuses an empty search', async () => {
    const admin = await buildAdmin(t);
    const res = await search(K, admin.token);
    expect(res.body.totalData).toBe(6);
    expect((await search(`${rand}netes 100%`, admin.token)).body.coursesDtos[0]!.title).toBe(`${K} 100% Off`);
    const student = await buildStudent(t);
    expect((await search(K, student.token)).body.totalData).toBe(4);
    const empty = await t.op('courseSearch', { body: { search: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.responseDto.message).toBe('search is required');
  });
});
