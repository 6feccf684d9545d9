import { describe, expect, it } from 'vitest';

import { buildAdmin, buildStudent, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildCourse } from '../factories-course.ts';
import { startTestApp, useTestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';

describe('wishlist', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');

  const add = (who: TestAccount | null, courseId: number) =>
    t.op('wishlistAdd', { body: { courseId }, token: who?.token });
  const remove = (who: TestAccount, courseId: number) =>
    t.op('wishlistRemove', { body: { courseId }, token: who.token });
  const list = (who: TestAccount) => t.op('wishlistList', { token: who.token });

  it('a student adds (twice is once), lists newest first and removes', async () => {
    const ada = await buildStudent(t);
    const a = await buildApprovedCourse(t, tutor, { title: 'Wish A' });
    const b = await buildApprovedCourse(t, tutor, { title: 'Wish B' });
    expect((await add(ada, a.id)).status).toBe(200);
    expect((await add(ada, b.id)).status).toBe(200);
    expect((await add(ada, a.id)).status).toBe(200);
    const res = await list(ada);
    expect(res.status).toBe(200);
    expect(res.body.coursesDtos.map((c) => c.title)).toEqual(['Wish B', 'Wish A']);
    expect(res.body.coursesDtos[0]).toMatchObject({ nairaPrice: 5000, owned: false, averageRating: null });
    expect((await remove(ada, b.id)).status).toBe(200);
    expect((await list(ada)).body.coursesDtos.map((c) => c.title)).toEqual(['Wish A']);
  });

  it('each student sees and changes only their own list', async () => {
    const ada = await buildStudent(t);
    const bola = await buildStudent(t);
    const a = await buildApprovedCourse(t, tutor);
    await add(ada, a.id);
    expect((await list(bola)).body.coursesDtos).toEqual([]);
    await remove(bola, a.id);
    expect((await list(ada)).body.coursesDtos.map((c) => c.id)).toEqual([a.id]);
  });

  it('is for students: guests 401, tutors and admins 403; unknown or unpublished courses 404', async () => {
    const a = await buildApprovedCourse(t, tutor);
    expect((await add(null, a.id)).status).toBe(401);
    expect((await add(tutor, a.id)).status).toBe(403);
    expect((await add(await buildAdmin(t), a.id)).status).toBe(403);
    expect((await t.op('wishlistList')).status).toBe(401);
    const ada = await buildStudent(t);
    expect((await add(ada, 99_999_999)).status).toBe(404);
    const pending = await buildCourse(t, tutor, { status: 'Pending' });
    expect((await add(ada, pending.id)).status).toBe(404);
    expect((await t.op('wishlistAdd', { body: { courseId: 'x' }, token: ada.token })).status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the review, history, notification and wishlist calls', async () => {
    const t = await startTestApp();
    try {
      const res = await t.api<{ paths: Record<string, unknown> }>('/openapi.json');
      for (const p of [
        opPath('reviewAdd'),
        opPath('reviewList'),
        opPath('reviewHide'),
        opPath('reviewHistory'),
        opPath('notificationList'),
        opPath('notificationRead'),
        opPath('wishlistAdd'),
        opPath('wishlistRemove'),
        opPath('wishlistList'),
      ])
        expect(Object.keys(res.body.paths)).toContain(`/dl/api/v1${p}`);
    } finally {
      await t.close();
    }
  });
});
