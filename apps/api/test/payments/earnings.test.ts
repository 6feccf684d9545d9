import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

import { courses } from '../../src/db/schema.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';
import { buyWithPaystack, usePaystackApp } from './helpers.ts';
import { opPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { OpRequest } from '@app/contract/operations';

describe('earnings from recorded payments', () => {
  const { t, fake } = usePaystackApp();

  /** A tutor's course bought by two students through Paystack, at two different prices over time. */
  const soldCourse = async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 4000 });
    const first = await buildStudent(t, { fullName: 'Chidi Okafor' });
    await buyWithPaystack(t, fake, first, [course.id]);
    // The tutor's price changes; the earlier buyer keeps what they actually paid.
    await t.ctx.db.update(courses).set({ priceKobo: 650050 }).where(eq(courses.id, course.id));
    const second = await buildStudent(t, { fullName: 'Ngozi Eze' });
    await buyWithPaystack(t, fake, second, [course.id]);
    return { tutor, course, first, second };
  };

  const bought = (t: TestApp, token: string, body: OpRequest<'boughtCourse'>) =>
    t.op('boughtCourse', { body, token });

  it("shows the owning tutor each buyer's name, email and the tutor's net from what they paid", async () => {
    const { tutor, course, first, second } = await soldCourse();
    const res = await bought(t, tutor.token, { id: course.id, pageNo: 0, pageSize: 10 });
    expect(res.status).toBe(200);
    expect(res.body.responseDto.code).toBe('dk00');
    expect(res.body.totalData).toBe(2);
    // The tutor's 80 % of what each paid: ₦6,500.50 → ₦5,200.40, ₦4,000 → ₦3,200.
    expect(res.body.totalEarnings).toBe(8400.4);
    expect(res.body.users).toEqual([
      { fullName: 'Ngozi Eze', email: second.email, amount: 5200.4 },
      { fullName: 'Chidi Okafor', email: first.email, amount: 3200 },
    ]);

    const page2 = await bought(t, tutor.token, { id: course.id, pageNo: 1, pageSize: 1 });
    expect(page2.body.users).toEqual([{ fullName: 'Chidi Okafor', email: first.email, amount: 3200 }]);
    expect(page2.body.totalData).toBe(2);
  });

  it('shows the buyers to admins too', async () => {
    const { course } = await soldCourse();
    const admin = await buildAdmin(t);
    const res = await bought(t, admin.token, { id: course.id });
    expect(res.status).toBe(200);
    expect(res.body.totalData).toBe(2);
  });

  it('refuses another tutor and students (403), a guest (401) and an unknown course (404)', async () => {
    const { course, first } = await soldCourse();
    const other = await buildTutor(t);
    const asOther = await bought(t, other.token, { id: course.id });
    expect(asOther.status).toBe(403);
    expect(asOther.body.responseDto.message).toBe(
      'Only the tutor who owns this course or an admin may see its buyers.',
    );
    expect(asOther.text).not.toContain(first.email);
    const asStudent = await bought(t, first.token, { id: course.id });
    expect(asStudent.status).toBe(403);
    expect(asStudent.text).not.toContain(first.email);
    expect((await t.op('boughtCourse', { body: { id: course.id } })).status).toBe(401);
    const admin = await buildAdmin(t);
    const unknown = await bought(t, admin.token, { id: 99999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseDto.message).toBe('Course Does Not Exist');
  });

  it("gives the tutor's dashboard its course counts, earnings and distinct buyers", async () => {
    const { tutor, first } = await soldCourse();
    const second = await buildApprovedCourse(t, tutor, { nairaPrice: 1000 });
    await buyWithPaystack(t, fake, first, [second.id]);
    await buildCourse(t, tutor, { status: 'Pending' });
    await buildCourse(t, tutor, { status: 'Rejected' });
    const withdrawn = await buildCourse(t, tutor, { status: 'Pending' });
    await t.ctx.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, withdrawn.id));

    const res = await t.op('staffDashboard', { token: tutor.token });
    expect(res.status).toBe(200);
    expect(res.body.statusCounts).toEqual({ Pending: 1, Approved: 2, Rejected: 1 });
    expect(res.body.totalEarnings).toBe(3200 + 5200.4 + 800); // the nets of ₦4,000, ₦6,500.50 and ₦1,000
    expect(res.body.buyerCount).toBe(2);

    expect((await t.op('staffDashboard', { token: first.token })).status).toBe(403);
    const fresh = await buildTutor(t);
    const empty = await t.op('staffDashboard', { token: fresh.token });
    expect(empty.body).toMatchObject({
      statusCounts: { Pending: 0, Approved: 0, Rejected: 0 },
      totalEarnings: 0,
      buyerCount: 0,
    });
  });

  it('documents every payment call in the OpenAPI description', async () => {
    const res = await t.api<{ paths: Record<string, unknown> }>('/openapi.json');
    for (const p of [
      opPath('cardCharge'),
      opPath('customerTransaction'),
      PLAIN_ROUTES.paystackWebhook.path,
      opPath('boughtCourse'),
      opPath('staffDashboard'),
      opPath('userAllCourses'),
    ]) {
      expect(Object.keys(res.body.paths)).toContain(`/dl/api/v1${p}`);
    }
  });
});
