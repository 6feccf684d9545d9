import { describe, expect, it } from 'vitest';
import { count, isNull } from 'drizzle-orm';
import { buildStudent, useAccounts } from '../factories.ts';
import { buildCourse, courseInput } from '../factories-course.ts';
import { buyInSandbox } from '../payouts/helpers.ts';
import { courses } from '../../src/db/schema.ts';
import { useTestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';

describe('admin review', () => {
  const t = useTestApp();
  const [admin, tutor] = useAccounts(t, 'admin', 'tutor');

  it('lists every status, paged, with earnings, and can filter by status', async () => {
    // Dated in the future so they head the list above the other tests' courses.
    const at = (d: number) => new Date(Date.UTC(2100, 1, d));
    const p = await buildCourse(t, tutor, { status: 'Pending', title: 'P', createdAt: at(1) });
    const a = await buildCourse(t, tutor, {
      status: 'Approved',
      title: 'A',
      createdAt: at(2),
      nairaPrice: 2500,
    });
    await buildCourse(t, tutor, { status: 'Rejected', title: 'R', createdAt: at(3) });
    const gone = await buildCourse(t, tutor, { status: 'Pending', title: 'Gone', createdAt: at(4) });
    await t.op('deleteCourse', { body: { id: gone.id }, token: tutor.token });
    await buyInSandbox(t, await buildStudent(t), [a.id]);

    const res = await t.op('allCourses', {
      body: { pageSize: 100, pageNo: 0 },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const mine = res.body.coursesDtos.filter((c) => c.author === tutor.fullName);
    expect(mine.slice(0, 3).map((c) => [c.title, c.status])).toEqual([
      ['R', 'Rejected'],
      ['A', 'Approved'],
      ['P', 'Pending'],
    ]);
    expect(mine[2]!.id).toBe(p.id);
    expect(res.body.coursesDtos.some((c) => c.title === 'Gone')).toBe(false);
    expect(res.body.coursesDtos.find((c) => c.id === a.id)).toMatchObject({
      buyerCount: 1,
      totalEarnings: 2000, // the tutor's net: ₦2,500 less the platform's 20 %
      canWatch: true,
    });
    const pendingOnly = await t.op('allCourses', {
      body: { status: 'Pending' },
      token: admin.token,
    });
    expect(pendingOnly.body.coursesDtos.every((c) => c.status === 'Pending')).toBe(true);
    // Other tests' courses count too: the total must lie between the live courses counted just before and just
    // after the call.
    const liveCourses = async () =>
      (await t.ctx.db.select({ n: count() }).from(courses).where(isNull(courses.deletedAt)))[0]!.n;
    const before = await liveCourses();
    const paged = await t.op('allCourses', {
      body: { pageSize: 1, pageNo: 0 },
      token: admin.token,
    });
    const after = await liveCourses();
    expect(paged.body.coursesDtos).toHaveLength(1);
    expect(paged.body.totalData).toBeGreaterThanOrEqual(before);
    expect(paged.body.totalData).toBeLessThanOrEqual(after);
  });

  it('approves a tutor’s new course, which then shows in the public list; any status can be set', async () => {
    const created = await t.op('createCourse', {
      body: await courseInput(t, tutor, { title: 'Freshly Approved' }),
      token: tutor.token,
    });
    const id = created.body.coursesDto.id;
    const res = await t.op('processCourse', { body: { status: 'Approved', id }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: 'Course status changed to Approved' });
    const list = await t.op('studentCourses', { body: { pageSize: 100 } });
    expect(list.body.coursesDtos.some((c) => c.id === id)).toBe(true);
    for (const status of ['Rejected', 'Pending', 'Approved'] as const) {
      expect((await t.op('processCourse', { body: { status, id }, token: admin.token })).status).toBe(200);
      const view = await t.op('singleCourse', { params: { id }, token: admin.token });
      expect(view.body.coursesDto.status).toBe(status);
    }
  });

  it('refuses an unknown status (400), an unknown id (404), and non-admins (401/403)', async () => {
    const c = await buildCourse(t, tutor, { status: 'Pending' });
    const bad = await t.api(opPath('processCourse'), {
      body: { status: 'Published', id: c.id },
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toBe('Status must be one of: Pending, Approved, Rejected');
    const missing = await t.op('processCourse', {
      body: { status: 'Approved', id: 999999 },
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.responseDto.message).toBe('Course does not exist');
    expect((await t.op('processCourse', { body: { status: 'Approved', id: c.id } })).status).toBe(401);
    expect(
      (await t.op('processCourse', { body: { status: 'Approved', id: c.id }, token: tutor.token })).status,
    ).toBe(403);
    expect((await t.op('allCourses', { body: {}, token: tutor.token })).status).toBe(403);
    expect((await t.op('adminDashboard', { token: tutor.token })).status).toBe(403);
  });

  it('summarises the catalogue on the dashboard', async () => {
    const dashboard = () => t.op('adminDashboard', { token: admin.token });
    const before = (await dashboard()).body.statusCounts;
    const at = (d: number) => new Date(Date.UTC(2400, 2, d)); // newer than any other test's courses
    const made = [];
    for (const [i, status] of (['Pending', 'Pending', 'Approved', 'Rejected'] as const).entries())
      made.push(await buildCourse(t, tutor, { status, createdAt: at(i + 1) }));
    const res = await dashboard();
    expect(res.status).toBe(200);
    // Other test files may add courses meanwhile on a shared database; ours are counted at least.
    expect(res.body.statusCounts.Pending).toBeGreaterThanOrEqual(before.Pending + 2);
    expect(res.body.statusCounts.Approved).toBeGreaterThanOrEqual(before.Approved + 1);
    expect(res.body.statusCounts.Rejected).toBeGreaterThanOrEqual(before.Rejected + 1);
    expect(res.body.recentCourses).toHaveLength(5);
    expect(res.body.recentCourses.slice(0, 4).map((c) => c.id)).toEqual(made.map((c) => c.id).reverse());
  });
});
