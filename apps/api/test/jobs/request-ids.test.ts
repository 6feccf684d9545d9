import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { jobs } from '../../src/db/schema.ts';
import { auditLog, sandboxRecords } from '../../src/db/schema-money.ts';
import { currentRequest } from '../../src/lib/request-context.ts';
import { enqueue, registerJob } from '../../src/queue/queue.ts';
import { SANDBOX_EVENT_JOB } from '../../src/services/payments/sandbox.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { eventually, sandboxWithJobs } from '../orders/helpers.ts';
import { buyInSandbox } from '../payouts/helpers.ts';
import { captureLogLines } from '../log-lines.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A job of this file's own: it logs a line and notes the request id it ran under. */
const PROBE_JOB = 'request-id-probe';
const probeRuns: (string | undefined)[] = [];
registerJob<{ n: number }, { log: { info(o: object, msg: string): void } }>(PROBE_JOB, async ({ n }, run) => {
  probeRuns.push(currentRequest.getStore());
  run.ctx.log.info({ probe: n }, 'probe job ran');
});

describe('request ids of background work', () => {
  const { logStream, lines } = captureLogLines();
  const t = useTestApp({
    logStream,
    ...sandboxWithJobs({ REQUIRE_ADMIN_2FA: 'false' }, [NOTIFICATION_EMAIL_JOB, PROBE_JOB]),
  });

  it("runs a job under the id of the request that queued it, never under a later request's", async () => {
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
    // The admin's approval asks the provider for the refund; its `refund.processed` comes later, from the queue.
    const approved = await t.op('refundProcess', {
      body: { id: refund.id, approve: true, note: 'Refunded' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    const approvalId = approved.headers.get('x-request-id')!;
    // This refund's own event, not one another test of this file queued.
    const [providerRefund] = await t.ctx.db
      .select({ code: sandboxRecords.code })
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.kind, 'refund'),
          sql`${sandboxRecords.data}->>'transaction_reference' = ${reference}`,
        ),
      );
    const queued = and(
      eq(jobs.name, SANDBOX_EVENT_JOB),
      sql`${jobs.payload}->>'kind' = 'refund'`,
      sql`${jobs.payload}->>'code' = ${providerRefund!.code}`,
    );
    const [job] = await t.ctx.db.select().from(jobs).where(queued);
    expect(job!.requestId).toBe(approvalId);

    // A tutor's unrelated request wakes the worker; then the provider's event falls due and the worker runs it.
    const announced = await t.op('announcementAdd', {
      body: { courseId: course.id, title: 'Live class on Friday', body: 'Join at 6pm.' },
      token: tutor.token,
    });
    expect(announced.status, announced.text).toBe(200);
    const announcementId = announced.headers.get('x-request-id')!;
    expect(announcementId).not.toBe(approvalId);
    await t.ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(queued);

    const processed = await eventually(async () => {
      const [entry] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'refund.processed'), eq(auditLog.subjectId, String(refund.id))));
      expect(entry).toBeDefined();
      return entry!;
    });
    expect(processed).toMatchObject({ userAgent: 'payment provider', requestId: approvalId });

    // The student's "refund is complete" email, sent by a job the provider's event queued, is logged under it too.
    const emailed = await eventually(async () => {
      const line = lines.find(
        (l) => String(l.msg).startsWith('[outbox]') && String(l.msg).includes('refund is complete'),
      );
      expect(line).toBeDefined();
      return line!;
    });
    expect(emailed.reqId).toBe(approvalId);
    // The announcement's request logged its own lines and nothing of the refund's.
    const announcementLines = lines.filter((l) => l.reqId === announcementId).map((l) => String(l.msg));
    expect(announcementLines).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(announcementLines.filter((m) => m.startsWith('[outbox]'))).toEqual([]);
  });

  it('gives a job queued by no request an id of its own, whatever request ran before', async () => {
    const before = await t.op('studentCourses', { body: { pageNo: 0, pageSize: 5 } });
    const requestId = before.headers.get('x-request-id');
    const id = await enqueue(t.ctx.db, PROBE_JOB, { n: 1 });
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.requestId).toBeNull();
    await t.ctx.worker!.drain();
    expect(probeRuns).toHaveLength(1);
    expect(probeRuns[0]).toMatch(UUID);
    expect(probeRuns[0]).not.toBe(requestId);
    const probeLine = lines.find((l) => l.msg === 'probe job ran');
    expect(probeLine?.reqId).toBe(probeRuns[0]);
  });
});
