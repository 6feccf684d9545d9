import { describe, expect, it } from 'vitest';

import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';
import type { OpRequest } from '@app/contract/operations';

describe('ratings and reviews', () => {
  const t = useTestApp();
  const [tutor, admin] = useAccounts(t, 'tutor', 'admin');

  const owner = async (course: TestCourse) => {
    const s = await buildStudent(t);
    await buildEnrolment(t, s, course);
    return s;
  };
  const review = (who: TestAccount | null, body: OpRequest<'reviewAdd'>) =>
    t.op('reviewAdd', { body, token: who?.token });
  const list = (courseId: number, pageNo = 0, pageSize = 10) =>
    t.op('reviewList', { body: { courseId, pageNo, pageSize } });
  const publicCourse = async (id: number) =>
    (await t.op('viewSingleCourse', { body: { courseId: id } })).body.coursesDto;

  it('a new course has no rating (null average, count 0)', async () => {
    const course = await buildApprovedCourse(t, tutor);
    expect(await publicCourse(course.id)).toMatchObject({ averageRating: null, ratingCount: 0 });
    const res = await list(course.id);
    expect(res.body).toMatchObject({
      reviews: [],
      totalData: 0,
      averageRating: null,
      ratingCount: 0,
      ratingCounts: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });

  it("a student reads back their own review on a later visit; another student's is not theirs", async () => {
    const course = await buildApprovedCourse(t, tutor);
    const ada = await owner(course);
    const bola = await owner(course);
    const mine = (who: TestAccount) =>
      t.op('reviewMine', { body: { courseId: course.id }, token: who.token });
    const before = await mine(ada);
    expect(before.status, before.text).toBe(200);
    expect(before.body.review).toBeNull();
    await review(ada, { courseId: course.id, rating: 3, comment: 'Good pace.' });
    expect((await mine(ada)).body.review).toMatchObject({
      rating: 3,
      comment: 'Good pace.',
      fullName: ada.fullName,
    });
    expect((await mine(bola)).body.review).toBeNull();
    expect((await t.op('reviewMine', { body: { courseId: course.id } })).status).toBe(401);
  });

  it('an owner rates with a comment; a second review updates the first; the average follows', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const ada = await owner(course);
    const first = await review(ada, { courseId: course.id, rating: 2, comment: '  Too fast.  ' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ review: { rating: 2, comment: 'Too fast.', fullName: ada.fullName } });
    const again = await review(ada, { courseId: course.id, rating: 5, comment: 'Second watch: great.' });
    expect(again.status).toBe(200);
    const bola = await owner(course);
    expect((await review(bola, { courseId: course.id, rating: 4 })).status).toBe(200);

    const res = await list(course.id);
    expect(res.body.totalData).toBe(2);
    expect(res.body.averageRating).toBe(4.5);
    expect(res.body.ratingCounts).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 });
    expect(res.body.reviews.map((r) => [r.fullName, r.rating, r.comment])).toEqual([
      [bola.fullName, 4, null],
      [ada.fullName, 5, 'Second watch: great.'],
    ]);
    expect(res.body.reviews[0]!.timeCreated).toHaveLength(6);
    expect(await publicCourse(course.id)).toMatchObject({ averageRating: 4.5, ratingCount: 2 });
    const listed = await t.op('studentCourses', { body: { pageSize: 100, pageNo: 0 } });
    expect(listed.body.coursesDtos.find((c) => c.id === course.id)?.averageRating).toBe(4.5);
  });

  it('pages the list newest first', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const students = [];
    for (let i = 1; i <= 3; i++) {
      const s = await owner(course);
      students.push(s);
      await review(s, { courseId: course.id, rating: i });
    }
    const second = await list(course.id, 1, 2);
    expect(second.body.totalData).toBe(3);
    expect(second.body.reviews.map((r) => r.fullName)).toEqual([students[0]!.fullName]);
    expect(second.body.averageRating).toBe(2);
  });

  it('refuses students who do not own the course, tutors (even its own), admins and guests', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const body = { courseId: course.id, rating: 5 };
    const stranger = await review(await buildStudent(t), body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.responseDto.message).toBe('Only students who bought this course can review it.');
    expect((await review(tutor, body)).status).toBe(403);
    expect((await review(admin, body)).status).toBe(403);
    expect((await review(null, body)).status).toBe(401);
    expect((await list(course.id)).body.totalData).toBe(0);
  });

  it('checks the rating and the comment, and answers 404 for an unknown course', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const ada = await owner(course);
    for (const rating of [0, 6, 4.5, '5x']) {
      const res = await t.api(opPath('reviewAdd'), {
        body: { courseId: course.id, rating },
        token: ada.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.responseDto.message).toMatch(/rating/);
    }
    const long = await review(ada, { courseId: course.id, rating: 3, comment: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.responseDto.message).toMatch(/2000 characters/);
    expect((await review(ada, { courseId: 99_999_999, rating: 3 })).status).toBe(404);
    expect((await list(99_999_999)).status).toBe(404);
  });

  it('an admin hides a review: it leaves the list and the average; only admins may', async () => {
    const course = await buildApprovedCourse(t, tutor);
    const ada = await owner(course);
    const bola = await owner(course);
    const bad = await review(ada, { courseId: course.id, rating: 1, comment: 'spam spam' });
    await review(bola, { courseId: course.id, rating: 5 });
    const id = (bad.body as unknown as { review: { id: number } }).review.id;
    expect((await list(course.id)).body.averageRating).toBe(3);

    expect((await t.op('reviewHide', { body: { id }, token: tutor.token })).status).toBe(403);
    expect((await t.op('reviewHide', { body: { id }, token: ada.token })).status).toBe(403);
    expect((await t.op('reviewHide', { body: { id: 99_999_999 }, token: admin.token })).status).toBe(404);
    const hidden = await t.op('reviewHide', { body: { id }, token: admin.token });
    expect(hidden.status).toBe(200);
    const after = await list(course.id);
    expect(after.body).toMatchObject({ averageRating: 5, ratingCount: 1, totalData: 1 });
    expect(after.body.ratingCounts[1]).toBe(0);
    expect(after.body.reviews.map((r) => r.fullName)).toEqual([bola.fullName]);
    expect(await publicCourse(course.id)).toMatchObject({ averageRating: 5, ratingCount: 1 });
  });

  it('tells the tutor about a new review once (not about its updates)', async () => {
    const own = await buildTutor(t);
    const course = await buildApprovedCourse(t, own, { title: 'Rated course' });
    const ada = await owner(course);
    await review(ada, { courseId: course.id, rating: 4 });
    await review(ada, { courseId: course.id, rating: 3 });
    const res = await t.op('notificationList', {
      body: { pageSize: 10, pageNo: 0 },
      token: own.token,
    });
    expect(res.body.notifications.map((n) => [n.type, n.message, n.link])).toEqual([
      ['course-reviewed', `${ada.fullName} rated "Rated course" 4 out of 5.`, `/course/${course.id}`],
    ]);
  });
});
