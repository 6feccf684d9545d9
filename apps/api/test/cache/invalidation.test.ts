import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TCourseDto } from '@app/contract/courses';
import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildCourse, buildEnrolment, courseInput } from '../factories-course.ts';
import { cachedRead, type TestApp, useTestApp } from '../harness.ts';
import { buyWithPaystack, usePaystackApp } from '../payments/helpers.ts';

type Page = { coursesDtos: TCourseDto[]; totalData: number };

/** Polls `read` until `ok` holds, for at most `ms`; returns what it saw last and how long it took. */
async function within<T>(ms: number, read: () => Promise<T>, ok: (v: T) => boolean) {
  const start = Date.now();
  let v = await read();
  while (!ok(v) && Date.now() - start < ms) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return { value: v, ms: Date.now() - start };
}

/**
 * Calls `read` until it answers from the cache (a second instance's or a worker's write may legitimately empty it
 * meanwhile); returns that cached answer.
 */
const cached = cachedRead;

// Two instances on one database: A takes the writes, B serves the guests and must see them within 1 s.
describe('cached catalogue answers across two instances', () => {
  let tutor: TestAccount;
  const word = `Cachy${randomUUID().slice(0, 6)}`;
  const { t: a, fake } = usePaystackApp();
  const b = useTestApp({ sameDatabaseAs: a });
  const [admin] = useAccounts(a, 'admin');
  beforeAll(async () => {
    tutor = await buildTutor(a, { fullName: `Bisi ${word}` });
  });

  const list = (t: TestApp, body: Record<string, unknown> = {}, token?: string) =>
    t.op('studentCourses', { body: { pageSize: 50, pageNo: 0, ...body }, token });
  const detail = (t: TestApp, courseId: number) => t.op('viewSingleCourse', { body: { courseId } });
  const search = (t: TestApp, q: string) => t.op('courseSearch', { body: { search: q } });
  const ids = (p: { coursesDtos: { id: number }[] }) => p.coursesDtos.map((c) => c.id);

  it('answers a repeated guest call from the cache, and a status change on A reaches B within 1 s', async () => {
    const course = await buildCourse(a, tutor, { status: 'Pending', title: `${word} Pending One` });
    expect(ids((await cached(() => list(b))).body)).not.toContain(course.id);
    expect((await search(b, `${word} pending`)).body.totalData).toBe(0);
    expect((await detail(b, course.id)).status).toBe(404);

    const approved = await a.op('processCourse', {
      body: { id: course.id, status: 'Approved' },
      token: admin.token,
    });
    expect(approved.status).toBe(200);
    // On A itself the change is there in the very next request.
    expect(ids((await list(a)).body)).toContain(course.id);
    const seen = await within(
      1000,
      () => list(b),
      (r) => ids(r.body).includes(course.id),
    );
    expect(ids(seen.value.body)).toContain(course.id);
    expect(ids((await list(b, { category: course.categoryCode })).body)).toContain(course.id);
    expect((await search(b, `${word} pending`)).body.coursesDtos.map((h) => h.id)).toEqual([course.id]);
    expect((await detail(b, course.id)).status).toBe(200);

    await a.op('processCourse', { body: { id: course.id, status: 'Rejected' }, token: admin.token });
    const gone = await within(
      1000,
      () => detail(b, course.id),
      (r) => r.status === 404,
    );
    expect(gone.value.status).toBe(404);
    expect(ids((await list(b)).body)).not.toContain(course.id);
    expect((await search(b, `${word} pending`)).body.totalData).toBe(0);
  });

  it('a course created and edited through the API shows on B with its new title once approved', async () => {
    const created = await a.op('createCourse', {
      body: await courseInput(a, tutor, { title: `${word} Draft` }),
      token: tutor.token,
    });
    expect(created.status).toBe(200);
    const id = created.body.coursesDto.id;
    expect((await detail(b, id)).status).toBe(404);
    const edited = await a.op('updateCourse', {
      body: { id, ...(await courseInput(a, tutor, { title: `${word} Final` })) },
      token: tutor.token,
    });
    expect(edited.status).toBe(200);
    await a.op('processCourse', { body: { id, status: 'Approved' }, token: admin.token });
    const seen = await within(
      1000,
      () => detail(b, id),
      (r) => r.status === 200,
    );
    expect(seen.value.body.coursesDto.title).toBe(`${word} Final`);
    expect((await list(b)).body.coursesDtos.find((c) => c.id === id)?.title).toBe(`${word} Final`);
  });

  it('a deleted Pending course stays invisible on B', async () => {
    const course = await buildCourse(a, tutor, { status: 'Pending' });
    await list(b);
    const del = await a.op('deleteCourse', { body: { id: course.id }, token: tutor.token });
    expect(del.status).toBe(200);
    expect(ids((await list(b)).body)).not.toContain(course.id);
    expect((await detail(b, course.id)).status).toBe(404);
  });

  it('a purchase on A updates the student count B shows', async () => {
    const course = await buildApprovedCourse(a, tutor, { title: `${word} Bought` });
    expect((await cached(() => detail(b, course.id))).body.coursesDto.studentCount).toBe(0);
    const student = await buildStudent(a);
    await buyWithPaystack(a, fake, student, [course.id]);
    const seen = await within(
      1000,
      () => detail(b, course.id),
      (r) => r.body.coursesDto.studentCount === 1,
    );
    expect(seen.value.body.coursesDto.studentCount).toBe(1);
    expect((await list(b)).body.coursesDtos.find((c) => c.id === course.id)?.studentCount).toBe(1);
  });

  it("a tutor's rename on A changes the author B shows and finds", async () => {
    const other = await buildTutor(a, { fullName: `Old ${word}` });
    const course = await buildApprovedCourse(a, other, { title: `${word} Renamed` });
    expect((await detail(b, course.id)).body.coursesDto.author).toBe(`Old ${word}`);
    expect((await search(b, `${word} renamed`)).body.coursesDtos[0]?.author).toBe(`Old ${word}`);
    const renamed = await a.op('staffUpdate', {
      body: { fullName: `New ${word}`, gender: 'Female', age: 30, accountDetailDtoList: [] },
      token: other.token,
    });
    expect(renamed.status).toBe(200);
    const seen = await within(
      1000,
      () => detail(b, course.id),
      (r) => r.body.coursesDto.author === `New ${word}`,
    );
    expect(seen.value.body.coursesDto.author).toBe(`New ${word}`);
    expect(seen.ms).toBeLessThan(1000);
    expect((await list(b)).body.coursesDtos.find((c) => c.id === course.id)?.author).toBe(`New ${word}`);
    expect((await search(b, `new ${word}`)).body.coursesDtos.map((h) => h.id)).toContain(course.id);
  });

  it('a review added and hidden on A changes the rating B shows in the detail and the list', async () => {
    const course = await buildApprovedCourse(a, tutor, { title: `${word} Reviewed` });
    const inList = async () => (await list(b)).body.coursesDtos.find((c) => c.id === course.id);
    expect((await cached(() => detail(b, course.id))).body.coursesDto).toMatchObject({
      averageRating: null,
      ratingCount: 0,
    });
    await cached(() => list(b));
    expect(await inList()).toMatchObject({ averageRating: null, ratingCount: 0 });

    const student = await buildStudent(a);
    await buildEnrolment(a, student, course);
    const added = await a.op('reviewAdd', {
      body: { courseId: course.id, rating: 4, comment: `${word} fine` },
      token: student.token,
    });
    expect(added.status, added.text).toBe(200);
    const rated = await within(
      1000,
      () => detail(b, course.id),
      (r) => r.body.coursesDto.ratingCount === 1,
    );
    expect(rated.value.body.coursesDto).toMatchObject({ averageRating: 4, ratingCount: 1 });
    expect(await inList()).toMatchObject({ averageRating: 4, ratingCount: 1 });

    // Both answers are cached again before the review is hidden.
    await cached(() => detail(b, course.id));
    await cached(() => list(b));
    const hidden = await a.op('reviewHide', { body: { id: added.body.review.id }, token: admin.token });
    expect(hidden.status).toBe(200);
    const unrated = await within(
      1000,
      () => detail(b, course.id),
      (r) => r.body.coursesDto.ratingCount === 0,
    );
    expect(unrated.value.body.coursesDto).toMatchObject({ averageRating: null, ratingCount: 0 });
    expect(await inList()).toMatchObject({ averageRating: null, ratingCount: 0 });
  });

  it("never serves a signed-in viewer's answer from the shared cache, nor a guest a viewer's", async () => {
    const course = await buildApprovedCourse(a, tutor, { title: `${word} Owned` });
    const owner = await buildStudent(b);
    await buildEnrolment(b, owner, course);
    const find = (p: Page) => p.coursesDtos.find((c) => c.id === course.id)!;

    // The guest fills the cache first; the owner must still get their own answer.
    expect(find((await list(b)).body)).toMatchObject({ owned: false, canWatch: false });
    const mine = await list(b, {}, owner.token);
    expect(mine.headers.get('x-cache')).toBeNull();
    expect(find(mine.body)).toMatchObject({ owned: true, canWatch: true });
    expect(find(mine.body).courseVideoUrl).toMatch(/sig=/);

    // And the other way round: after the owner's call, guests still get the anonymous answer.
    const guest = await cached(() => list(b));
    expect(find(guest.body)).toMatchObject({ owned: false, canWatch: false });
    // No signed link in the shared answer but the public trailer's and a free preview lesson's, which are signed
    // per request for anyone, as a guest (other tests' courses on the same page may have such lessons).
    for (const c of guest.body.coursesDtos) {
      expect(new URL(c.courseVideoUrl!, b.url).searchParams.get('v')).toBe('0');
      for (const s of c.sectionDto)
        for (const x of s.seriesList) if (!x.preview) expect([x.videoLink, x.hlsLink]).toEqual([null, null]);
    }
    // The signed-in detail call is its own (never cached) answer.
    const single = await b.op('singleCourse', { params: { id: course.id }, token: owner.token });
    expect(single.headers.get('x-cache')).toBeNull();
    expect(single.body.coursesDto.canWatch).toBe(true);
    expect(single.headers.get('cache-control')).toMatch(/private|no-store/);
  });
});
