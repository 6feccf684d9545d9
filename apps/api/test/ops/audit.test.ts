import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema-money.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp, type ApiResult } from '../harness.ts';
import { buyInSandbox, readyAccount } from '../payouts/helpers.ts';

/** The audit entries about one subject, newest first. */
const entriesOf = (t: ReturnType<typeof useTestApp>, subjectType: string, subjectId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(desc(auditLog.id));

describe('the audit log', () => {
  const t = useTestApp({ env: { SANDBOX_CONFIRM_DELAY_MS: '600000', REQUIRE_ADMIN_2FA: 'false' } });

  /** The entry was written by `admin` in the request that answered `res`, from the test's address. */
  const fromRequest = (admin: TestAccount, res: ApiResult<unknown>) => ({
    actorId: admin.id,
    actorRole: 'admin',
    ip: '127.0.0.1',
    requestId: res.headers.get('x-request-id'),
  });

  it('records course approval and rejection with who, what, the IP and the request id', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const good = await buildCourse(t, tutor, { status: 'Pending' });
    const bad = await buildCourse(t, tutor, { status: 'Pending' });
    const approved = await t.op('processCourse', {
      body: { id: good.id, status: 'Approved' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    const rejected = await t.op('processCourse', {
      body: { id: bad.id, status: 'Rejected', reason: 'The audio is missing' },
      token: admin.token,
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(approved.headers.get('x-request-id')).not.toBe(rejected.headers.get('x-request-id'));

    const [approval] = await entriesOf(t, 'course', good.id);
    expect(approval).toMatchObject({
      action: 'course.approved',
      ...fromRequest(admin, approved),
      details: { title: good.title, from: 'Pending', to: 'Approved', reason: null },
    });
    const [rejection] = await entriesOf(t, 'course', bad.id);
    expect(rejection).toMatchObject({
      action: 'course.rejected',
      ...fromRequest(admin, rejected),
      details: { from: 'Pending', to: 'Rejected', reason: 'The audio is missing' },
    });
    // A refused change writes nothing.
    const refused = await t.op('processCourse', {
      body: { id: 2_000_000, status: 'Approved' },
      token: admin.token,
    });
    expect(refused.status).toBe(404);
    expect(await entriesOf(t, 'course', 2_000_000)).toEqual([]);
  });

  it('records a hidden review once', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const student = await buildStudent(t);
    const course = await buildApprovedCourse(t, tutor);
    await buildEnrolment(t, student, course);
    const added = await t.op('reviewAdd', {
      body: { courseId: course.id, rating: 1, comment: 'Rude words' },
      token: student.token,
    });
    expect(added.status, added.text).toBe(200);
    const id = added.body.review.id;
    const hidden = await t.op('reviewHide', { body: { id }, token: admin.token });
    expect(hidden.status, hidden.text).toBe(200);
    await t.op('reviewHide', { body: { id }, token: admin.token });
    const entries = await entriesOf(t, 'review', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'review.hidden',
      ...fromRequest(admin, hidden),
      details: { courseId: course.id, studentId: student.id, rating: 1 },
    });
  });

  it('records refund decisions and payouts with the request id', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const student = await buildStudent(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    const reference = await buyInSandbox(t, student, [course.id]);
    const asked = await t.op('refundRequest', {
      body: { reference, courseId: course.id, reason: 'Not for me' },
      token: student.token,
    });
    expect(asked.status, asked.text).toBe(200);
    const listed = await t.op('refundList', {
      body: { pageNo: 0, pageSize: 50, status: 'requested' },
      token: admin.token,
    });
    const refund = listed.body.refunds.find((r) => r.reference === reference)!;
    const processed = await t.op('refundProcess', {
      body: { id: refund.id, approve: true, note: 'Refunded' },
      token: admin.token,
    });
    expect(processed.status, processed.text).toBe(200);
    const [decision] = await entriesOf(t, 'refund', refund.id);
    expect(decision).toMatchObject({ action: 'refund.approved', ...fromRequest(admin, processed) });

    // The tutor's payout: another sale, then a payout account past its hold.
    const other = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    await buyInSandbox(t, await buildStudent(t), [other.id]);
    await readyAccount(t, tutor, '0712345678');
    const paid = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(paid.status, paid.text).toBe(200);
    const payoutId = paid.body.payouts[0]!.id;
    const [payout] = await entriesOf(t, 'payout', payoutId);
    expect(payout).toMatchObject({ action: 'payout.created', ...fromRequest(admin, paid) });
  });

  it('lists entries for admins, filtered by person, action and date, newest first and paged', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const courses = await Promise.all([1, 2, 3].map(() => buildCourse(t, tutor, { status: 'Pending' })));
    for (const c of courses) {
      await t.op('processCourse', { body: { id: c.id, status: 'Approved' }, token: admin.token });
    }
    const list = (body: Parameters<typeof t.op<'auditList'>>[1]['body'], token = admin.token) =>
      t.op('auditList', { body, token });

    const byEmail = await list({ pageNo: 0, pageSize: 2, actor: admin.email.toUpperCase() });
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.body.totalData).toBe(3);
    expect(byEmail.body.entries.map((e) => e.subjectId)).toEqual([
      String(courses[2]!.id),
      String(courses[1]!.id),
    ]);
    expect(byEmail.body.entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorName: admin.fullName,
      action: 'course.approved',
      subjectType: 'course',
      ip: '127.0.0.1',
    });
    expect(byEmail.body.entries[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const second = await list({ pageNo: 1, pageSize: 2, actor: admin.email });
    expect(second.body.entries.map((e) => e.subjectId)).toEqual([String(courses[0]!.id)]);
    // A number finds that account's entries, and those of any account whose email holds those digits.
    const byId = await list({ pageNo: 0, pageSize: 100, actor: String(admin.id) });
    expect(byId.body.entries.filter((e) => e.actorId === admin.id)).toHaveLength(3);
    for (const e of byId.body.entries.filter((e) => e.actorId !== admin.id)) {
      expect(e.actorEmail).toContain(String(admin.id));
    }

    expect(
      (await list({ pageNo: 0, pageSize: 10, actor: admin.email, action: 'course' })).body.totalData,
    ).toBe(3);
    expect(
      (await list({ pageNo: 0, pageSize: 10, actor: admin.email, action: 'course.rejected' })).body.totalData,
    ).toBe(0);
    // The filter's list is every action the log holds, once each, in the database's order (on PostgreSQL other
    // files may add an action meanwhile: the answer lies between what the log held before and after it).
    const held = async () =>
      (
        await t.ctx.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action)
      ).map((r) => r.action);
    const before = await held();
    const { actions } = (await list({ pageNo: 0, pageSize: 10 })).body;
    const after = await held();
    expect(actions).toEqual(expect.arrayContaining([...before, 'course.approved']));
    expect(actions).toEqual(after.filter((a) => actions.includes(a)));

    const lagosDay = (offsetDays: number) =>
      new Date(Date.now() + 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const today = { from: lagosDay(0), to: lagosDay(0) };
    expect((await list({ pageNo: 0, pageSize: 10, actor: admin.email, ...today })).body.totalData).toBe(3);
    expect(
      (await list({ pageNo: 0, pageSize: 10, actor: admin.email, from: lagosDay(1) })).body.totalData,
    ).toBe(0);
    expect(
      (await list({ pageNo: 0, pageSize: 10, actor: admin.email, to: lagosDay(-1) })).body.totalData,
    ).toBe(0);

    const badDay = await list({ pageNo: 0, pageSize: 10, from: '26/11/2026' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.responseDto.message).toBe('from: must be a date such as 2026-11-26');
    expect((await list({ pageNo: 0, pageSize: 10 }, tutor.token)).status).toBe(403);
  });
});
