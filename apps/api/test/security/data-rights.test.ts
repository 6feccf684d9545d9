import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { API_BASE } from '@app/contract/common';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ACCOUNT_EXPORT_JOB } from '../../src/commands/account-export.ts';
import { accounts, notifications, reviews } from '../../src/db/schema.ts';
import { certificates } from '../../src/db/schema-learning.ts';
import { questions } from '../../src/db/schema-qa.ts';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp, type TestApp } from '../harness.ts';
import { message } from '../accounts/helpers.ts';
import { eventually, payByTransfer, sandboxWithJobs } from '../orders/helpers.ts';
import { lastAudit } from './helpers.ts';

const download = (t: TestApp, id: number, token?: string) =>
  fetch(`${t.url}${API_BASE}${fillPath(PLAIN_ROUTES.accountExportFile.path, { id })}`, {
    headers: token ? { apiKey: token } : {},
  });

/** A student with an order, a review, a question, a certificate and notifications; unique name, email, phone. */
async function busyStudent(t: TestApp) {
  const tag = Math.random().toString(36).slice(2, 8);
  const student = await buildStudent(t, {
    fullName: `Chiamaka Zed${tag}`,
    email: `chiamaka-${tag}@example.com`,
    userName: `chiamaka-${tag}@example.com`,
    phoneNumber: `0809${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
  });
  const tutor = await buildTutor(t);
  const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
  await payByTransfer(t, student, [course.id]);
  const review = await t.op('reviewAdd', {
    token: student.token,
    body: { courseId: course.id, rating: 5, comment: 'Clear and practical.' },
  });
  expect(review.status).toBe(200);
  await t.ctx.db.insert(questions).values({
    courseId: course.id,
    authorId: student.id,
    title: 'How do I deploy?',
    body: 'Which host do you use?',
  });
  await t.ctx.db.insert(certificates).values({
    code: `C${tag}`,
    studentId: student.id,
    courseId: course.id,
    studentName: student.fullName,
    courseTitle: course.title,
    tutorName: tutor.fullName,
    hours: 2,
  });
  const phone = (await t.ctx.db.select().from(accounts).where(eq(accounts.id, student.id)))[0]!.phoneNumber;
  return { student, tutor, course, phone };
}

describe('data rights (NDPA 2023)', () => {
  const t = useTestApp(sandboxWithJobs({}, [ACCOUNT_EXPORT_JOB, NOTIFICATION_EMAIL_JOB]));

  it('exports the person’s data as a zip of JSON, tells them, and lets only them download it', async () => {
    const { student, course } = await busyStudent(t);
    const asked = await t.op('accountExport', { token: student.token, body: {} });
    expect(asked.status).toBe(200);
    expect(asked.body.export.status).toBe('queued');
    expect((await lastAudit(t, student.id, 'account.export'))?.subjectType).toBe('data_export');
    // One an hour.
    expect((await t.op('accountExport', { token: student.token, body: {} })).status).toBe(429);

    const ready = await eventually(async () => {
      const list = await t.op('accountExportList', { token: student.token, body: {} });
      expect(list.body.exports[0]!.status).toBe('ready');
      return list.body.exports[0]!;
    });
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 24 * 60 * 60 * 1000);
    const [told] = await t.ctx.db
      .select()
      .from(notifications)
      .where(sql`${notifications.accountId} = ${student.id} and ${notifications.type} = 'data-export-ready'`);
    expect(told?.link).toBe('/account-security');

    const other = await buildStudent(t);
    expect((await download(t, ready.id, other.token)).status).toBe(404);
    expect((await download(t, ready.id)).status).toBe(401);
    const res = await download(t, ready.id, student.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as never;
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'certificates.json',
        'enrolments.json',
        'notifications.json',
        'orders.json',
        'profile.json',
        'progress.json',
        'questions.json',
        'refunds.json',
        'reviews.json',
        'sessions.json',
        'wishlist.json',
      ].sort(),
    );
    expect(json('profile.json')).toMatchObject({ email: student.email, fullName: student.fullName });
    expect(JSON.stringify(files['profile.json'] && strFromU8(files['profile.json']))).not.toContain('argon2');
    const orders = json('orders.json') as { status: string; lines: { courseTitle: string }[] }[];
    expect(orders[0]).toMatchObject({ status: 'paid', lines: [{ courseTitle: course.title }] });
    expect(json('reviews.json')).toMatchObject([{ rating: 5, comment: 'Clear and practical.' }]);
    expect(json('questions.json')).toMatchObject({ questions: [{ title: 'How do I deploy?' }] });
    expect(json('certificates.json')).toMatchObject([{ status: 'valid' }]);
    expect((json('notifications.json') as unknown[]).length).toBeGreaterThan(0);
    expect(json('enrolments.json')).toMatchObject([{ courseId: course.id }]);
  });

  it('deletes an account: no table keeps the email, name or phone; records stay anonymised', async () => {
    const { student, course, phone } = await busyStudent(t);
    const wrong = await t.op('accountDelete', {
      token: student.token,
      body: { password: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);
    const res = await t.op('accountDelete', { token: student.token, body: { password: student.password } });
    expect(res.status).toBe(200);

    // Every text and JSON column of every table.
    const columns = (await t.ctx.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`)) as unknown as
      { rows: { table_name: string; column_name: string }[] } | { table_name: string; column_name: string }[];
    const list = Array.isArray(columns) ? columns : columns.rows;
    expect(list.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of list) {
      for (const needle of [student.email, student.fullName, phone]) {
        const hits = (await t.ctx.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(${sql.identifier(column_name)}::text, ${needle}) > 0`,
        )) as unknown as { rows: { n: number }[] } | { n: number }[];
        const n = Array.isArray(hits) ? hits[0]!.n : hits.rows[0]!.n;
        if (n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);

    const [review] = await t.ctx.db.select().from(reviews).where(eq(reviews.studentId, student.id));
    expect(review).toBeDefined();
    const list2 = await t.op('reviewList', { body: { courseId: course.id, pageNo: 0, pageSize: 10 } });
    expect(JSON.stringify(list2.body)).toContain('Former student');
    const [cert] = await t.ctx.db.select().from(certificates).where(eq(certificates.studentId, student.id));
    expect(cert!.status).toBe('revoked');
    expect((await lastAudit(t, student.id, 'account.delete'))?.ip).toBeNull();
    // The old login no longer works.
    const login = await t.op('loginCustomer', {
      body: { userName: student.email, password: student.password },
    });
    expect(login.status).toBe(400);
  });

  it('refuses a tutor whose courses students own, and says what to do', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    const student = await buildStudent(t);
    await buildEnrolment(t, student, course);
    const res = await t.op('accountDelete', { token: tutor.token, body: { password: tutor.password } });
    expect(res.status).toBe(409);
    expect(message(res)).toBe(
      'Students own one of your courses, so your account cannot be deleted yet. Please ask an admin to transfer or archive them first; then you can delete your account.',
    );
  });
});
