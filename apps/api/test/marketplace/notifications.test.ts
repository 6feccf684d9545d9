import { describe, expect, it } from 'vitest';

import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { buyWithPaystack, charge, confirm, usePaystackApp } from '../payments/helpers.ts';

describe('notifications', () => {
  const { t, fake } = usePaystackApp();

  const listOf = (who: TestAccount, pageNo = 0, pageSize = 10) =>
    t.op('notificationList', { body: { pageSize, pageNo }, token: who.token });

  it('a purchase gives the student a receipt and each tutor a "bought" event, once, under concurrent confirms', async () => {
    const tutorA = await buildTutor(t);
    const tutorB = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutorA, { title: 'Alpha course' });
    const b = await buildApprovedCourse(t, tutorB, { title: 'Beta course' });
    const student = await buildStudent(t);
    const { reference } = await charge(t, student, { courseIds: [a.id, b.id] });
    fake.settle(reference!, { status: 'success' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(t, student, reference!, [a.id, b.id])),
    );
    for (const r of answers) expect(r.status, r.text).toBe(200);

    const mine = await listOf(student);
    expect(mine.body.totalData).toBe(1);
    expect(mine.body.unreadCount).toBe(1);
    expect(mine.body.notifications[0]).toMatchObject({
      type: 'purchase-confirmed',
      message: 'Your purchase is confirmed: "Alpha course", "Beta course". Happy learning!',
      link: '/home/my-courses',
      read: false,
    });
    for (const [tutor, title, id] of [
      [tutorA, 'Alpha course', a.id],
      [tutorB, 'Beta course', b.id],
    ] as const) {
      const theirs = await listOf(tutor);
      expect(theirs.body.notifications.map((n) => [n.type, n.message, n.link])).toEqual([
        [
          'course-bought',
          `${student.fullName} bought your course "${title}".`,
          `/tutor/course/earnings/${id}`,
        ],
      ]);
    }
  });

  it('lists newest first, paged; marks given ids or all as read; each account sees and marks only its own', async () => {
    const tutor = await buildTutor(t);
    const other = await buildTutor(t);
    const courses = [];
    for (let i = 0; i < 3; i++) courses.push(await buildApprovedCourse(t, tutor, { title: `Course ${i}` }));
    for (const c of courses) await buyWithPaystack(t, fake, await buildStudent(t), [c.id]);
    await buyWithPaystack(t, fake, await buildStudent(t), [(await buildApprovedCourse(t, other)).id]);

    const page0 = await listOf(tutor, 0, 2);
    expect(page0.body.totalData).toBe(3);
    expect(page0.body.unreadCount).toBe(3);
    expect(page0.body.notifications.map((n) => n.message.match(/Course \d/)![0])).toEqual([
      'Course 2',
      'Course 1',
    ]);
    const page1 = await listOf(tutor, 1, 2);
    expect(page1.body.notifications.map((n) => n.message.match(/Course \d/)![0])).toEqual(['Course 0']);

    // Someone else's ids match nothing.
    const othersIds = (await listOf(other)).body.notifications.map((n) => n.id);
    const foreign = await t.op('notificationRead', { body: { ids: othersIds }, token: tutor.token });
    expect(foreign.status).toBe(200);
    expect((await listOf(other)).body.unreadCount).toBe(1);

    const one = await t.op('notificationRead', {
      body: { ids: [page0.body.notifications[0]!.id] },
      token: tutor.token,
    });
    expect(one.body).toMatchObject({ unreadCount: 2 });
    const all = await t.op('notificationRead', { body: {}, token: tutor.token });
    expect(all.body).toMatchObject({ unreadCount: 0 });
    expect((await listOf(tutor)).body.notifications.every((n) => n.read)).toBe(true);
    expect((await listOf(other)).body.unreadCount).toBe(1);
  });

  it('needs a login', async () => {
    expect((await t.op('notificationList', { body: {} })).status).toBe(401);
    expect((await t.op('notificationRead', { body: {} })).status).toBe(401);
  });
});
