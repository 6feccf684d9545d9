import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { videoLengthText } from '@app/contract/certificates';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { settleCompletion } from '../../src/commands/completion.ts';
import { handleRefundEvent } from '../../src/commands/refund-events.ts';
import { refunds } from '../../src/db/schema-money.ts';
import { certificates, quizAttempts, quizzes } from '../../src/db/schema-learning.ts';
import { jobs, notifications, sections } from '../../src/db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { eventually, payByTransfer, sandboxWithJobs } from '../orders/helpers.ts';
import { markAllWatched, setLessonSeconds } from './helpers.ts';
import { buySeat, makeCohort } from '../cohorts/helpers.ts';
import { tr } from '../../src/i18n/index.ts';

/**
 * The image XObjects of a PDF as pdfkit writes them (one Flate-compressed stream each, no predictor): their size,
 * colour channels and raw pixels. pdf.js's own image extraction needs a newer Node than CI's.
 */
function pdfImages(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const images: { width: number; height: number; channels: number; data: Buffer }[] = [];
  for (const m of text.matchAll(/<<((?:(?!<<)[^])*?\/Subtype \/Image(?:(?!<<)[^])*?)>>\s*stream\r?\n/g)) {
    const dict = m[1]!;
    const num = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(dict)![1]);
    const start = m.index + m[0].length;
    images.push({
      width: num('Width'),
      height: num('Height'),
      channels: dict.includes('/DeviceRGB') ? 3 : 1,
      data: inflateSync(pdf.subarray(start, start + num('Length'))),
    });
  }
  return images;
}

describe('certificates', () => {
  const t = useTestApp(sandboxWithJobs());

  const plainUrl = (route: 'certificatePdf' | 'certificateImage', code: string) =>
    `${t.url}${API_BASE}${fillPath(PLAIN_ROUTES[route].path, { code })}`;

  /** Marks every lesson of the course watched for the student, as the progress calls would have. */
  const watchedAll = (student: TestAccount, course: TestCourse) => markAllWatched(t, student.id, course.id);
  /** A course of four 30-minute lessons (2 hours of video) owned by a new student. */
  const owned = async () => {
    const tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    const course = await buildApprovedCourse(t, tutor, { title: 'Data Science in Lagos' });
    await setLessonSeconds(t, course, 1800);
    const student = await buildStudent(t, { fullName: 'Chidi Nwosu' });
    await buildEnrolment(t, student, course);
    return { tutor, course, student };
  };
  const completed = async () => {
    const o = await owned();
    await watchedAll(o.student, o.course);
    const code = (await settleCompletion(t.ctx, o.student.id, o.course.id))!;
    return { ...o, code };
  };

  it('is issued once under ten concurrent completions, with a random code and what it certifies', async () => {
    const { course, student } = await owned();
    expect(await settleCompletion(t.ctx, student.id, course.id)).toBeNull();
    await watchedAll(student, course);
    const codes = await Promise.all(
      Array.from({ length: 10 }, () => settleCompletion(t.ctx, student.id, course.id)),
    );
    expect(new Set(codes).size).toBe(1);
    const code = codes[0]!;
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
    const rows = await t.ctx.db.select().from(certificates).where(eq(certificates.courseId, course.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      studentName: 'Chidi Nwosu',
      courseTitle: 'Data Science in Lagos',
      tutorName: 'Ngozi Okafor',
      hours: 2,
      status: 'valid',
    });
    // The student is told once, in the app and by email, with the page's and the PDF's links.
    const [told] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, student.id), eq(notifications.type, 'certificate-issued')));
    expect(told!.link).toBe(`/certificate/${code}`);
    const emails = await t.ctx.db.select().from(jobs).where(eq(jobs.name, NOTIFICATION_EMAIL_JOB));
    const mail = emails.find((j) => (j.payload as { notificationId: number }).notificationId === told!.id);
    // The email's extra line, kept by its catalog key and written in the student's language when sent.
    const pdf = `${t.url}${API_BASE}/certificate/${code}.pdf`;
    expect(mail!.payload).toMatchObject({
      emailLines: [{ key: 'email.certificateLink', values: { url: pdf } }],
    });
    expect(tr('en', 'email.certificateLink', { url: pdf })).toBe(`Download the PDF: ${pdf}`);
    // Another student's certificate gets an unrelated code.
    const other = await completed();
    expect(other.code).not.toBe(code);
  });

  it('waits for every quiz of the course to be passed', async () => {
    const { course, student } = await owned();
    await watchedAll(student, course);
    const [section] = await t.ctx.db.select().from(sections).where(eq(sections.courseId, course.id));
    const [quiz] = await t.ctx.db
      .insert(quizzes)
      .values({ courseId: course.id, sectionId: section!.id, title: 'Quiz 1' })
      .returning();
    const attempt = { quizId: quiz!.id, studentId: student.id, score: 1, scoreOutOf: 2, percent: 50 };
    await t.ctx.db.insert(quizAttempts).values({ ...attempt, attemptNo: 1, passed: false });
    expect(await settleCompletion(t.ctx, student.id, course.id)).toBeNull();
    const before = await t.op('progressCourse', { token: student.token, body: { courseId: course.id } });
    expect(before.body.progress).toMatchObject({ passedQuizIds: [], complete: false, certificateCode: null });
    await t.ctx.db
      .insert(quizAttempts)
      .values({ ...attempt, attemptNo: 2, score: 2, percent: 100, passed: true });
    const code = await settleCompletion(t.ctx, student.id, course.id);
    expect(code).toBeTruthy();
    const after = await t.op('progressCourse', { token: student.token, body: { courseId: course.id } });
    expect(after.body.progress).toMatchObject({
      passedQuizIds: [quiz!.id],
      complete: true,
      certificateCode: code,
    });
  });

  it("verifies a valid code publicly, lists the student's certificates, and 404s an unknown code", async () => {
    const { course, student, code } = await completed();
    const res = await t.op('certificateGet', { params: { code } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.certificate).toEqual({
      code,
      studentName: 'Chidi Nwosu',
      courseTitle: 'Data Science in Lagos',
      tutorName: 'Ngozi Okafor',
      cohortName: null,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hours: 2,
      status: 'valid',
      // A learner who chose no language: English.
      locale: 'en',
    });
    const list = await t.op('certificateList', { body: {}, token: student.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.certificates).toEqual([{ ...res.body.certificate, courseId: course.id }]);
    expect((await t.op('certificateList', { body: {} })).status).toBe(401);
    const unknown = await t.op('certificateGet', { params: { code: 'ZZZZZZZZZZZZ' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseDto.message).toBe('We could not find that certificate.');
    expect((await fetch(plainUrl('certificatePdf', 'ZZZZZZZZZZZZ'))).status).toBe(404);
    expect((await fetch(plainUrl('certificateImage', 'ZZZZZZZZZZZZ'))).status).toBe(404);
  });

  it('gives an unencrypted A4 landscape PDF with the name and a QR code of the verification page', async () => {
    const { code } = await completed();
    const res = await fetch(plainUrl('certificatePdf', code));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/Encrypt');
    const pdf = await getDocumentProxy(bytes.slice());
    const page = await pdf.getPage(1);
    const [, , w, h] = page.view;
    expect(Math.round(w!)).toBe(842);
    expect(Math.round(h!)).toBe(595);
    const text = (await extractText(pdf, { mergePages: true })).text;
    expect(text).toContain('Chidi Nwosu');
    expect(text).toContain('Data Science in Lagos');
    expect(text).toContain('Ngozi Okafor');
    expect(text).toContain(code);
    // An English learner's certificate says each line once.
    expect(text.match(/Certificate of completion/g)).toHaveLength(1);
    expect(text.match(/completed the course/g)).toHaveLength(1);
    // The QR code is the PDF's one colour image (its transparency is a separate grey mask).
    const image = pdfImages(Buffer.from(bytes)).find((i) => i.channels === 3);
    expect(image).toBeDefined();
    const rgba = new Uint8ClampedArray(image!.width * image!.height * 4);
    for (let i = 0; i < image!.width * image!.height; i++) {
      rgba.set(image!.data.subarray(i * 3, i * 3 + 3), i * 4);
      rgba[i * 4 + 3] = 255;
    }
    const qr = jsQR(rgba, image!.width, image!.height);
    expect(qr?.data).toBe(`${t.url}/certificate/${code}`);
  });

  it('names the cohort a member took the course in, in the answer and on the PDF', async () => {
    const tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    const course = await buildApprovedCourse(t, tutor, { title: 'Data Science in Lagos' });
    await setLessonSeconds(t, course, 1800);
    const cohort = await makeCohort(t, tutor, course, { name: 'January cohort' });
    const student = await buildStudent(t, { fullName: 'Chidi Nwosu' });
    await buySeat(t, student, course.id, cohort.id);
    await watchedAll(student, course);
    const code = (await settleCompletion(t.ctx, student.id, course.id))!;
    expect(code).toBeTruthy();
    const res = await t.op('certificateGet', { params: { code } });
    expect(res.body.certificate.cohortName).toBe('January cohort');
    const bytes = new Uint8Array(await (await fetch(plainUrl('certificatePdf', code))).arrayBuffer());
    const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    expect(text).toContain('in the cohort January cohort');
  });

  it("is written in its learner's language with the English beneath: a Yoruba learner's answer and PDF", async () => {
    const o = await owned();
    const chose = await t.op('languageUpdate', { token: o.student.token, body: { language: 'yo' } });
    expect(chose.status).toBe(200);
    await watchedAll(o.student, o.course);
    const code = (await settleCompletion(t.ctx, o.student.id, o.course.id))!;
    expect((await t.op('certificateGet', { params: { code } })).body.certificate.locale).toBe('yo');
    const bytes = new Uint8Array(await (await fetch(plainUrl('certificatePdf', code))).arrayBuffer());
    const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    // Each line in Yoruba, then the same line in English beneath it.
    expect(text).toMatch(/Ìwé-ẹ̀rí ìparí ẹ̀kọ́\s*Certificate of completion/);
    expect(text).toMatch(/Èyí jẹ́rìí sí i pé\s*This certifies that\s*Chidi Nwosu/);
    expect(text).toMatch(/ti parí ẹ̀kọ́ náà\s*completed the course\s*Data Science in Lagos/);
    expect(text).toMatch(/tí Ngozi Okafor kọ́ni · fídíò wákàtí 2\s*taught by Ngozi Okafor · 2 hours of video/);
    expect(text).toMatch(/A fún un ní \d{1,2} Oṣù \S+ \d{4}\s*Issued on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(text).toMatch(new RegExp(`Kóòdù ìwé-ẹ̀rí: ${code}\\s*Certificate code: ${code}`));
    expect(text).toMatch(/Ṣàyẹ̀wò rẹ̀ ní http\S+\s*Verify it at http/);
  });

  it('gives a course shorter than an hour in minutes, never 0 hours: 48 s is 1 minute, 90 minutes 1.5 hours', async () => {
    const pdfText = async (code: string) => {
      const bytes = new Uint8Array(await (await fetch(plainUrl('certificatePdf', code))).arrayBuffer());
      return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    };
    const issued = async (lessonSeconds: number) => {
      const tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
      const course = await buildApprovedCourse(t, tutor);
      await setLessonSeconds(t, course, lessonSeconds); // four lessons
      const student = await buildStudent(t);
      await buildEnrolment(t, student, course);
      await watchedAll(student, course);
      return (await settleCompletion(t.ctx, student.id, course.id))!;
    };
    const short = await issued(12);
    const answer = await t.op('certificateGet', { params: { code: short } });
    expect(videoLengthText(answer.body.certificate.hours)).toBe('1 minute');
    const text = await pdfText(short);
    expect(text).toContain('1 minute of video');
    expect(text).not.toContain('0 hours');
    expect(await pdfText(await issued(1350))).toContain('1.5 hours of video');
  });

  it('gives a 1200×630 PNG share image', async () => {
    const { code } = await completed();
    const res = await fetch(plainUrl('certificateImage', code));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('is revoked, never deleted, when the course is refunded; its verification then says so', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 3000 });
    await setLessonSeconds(t, course, 600);
    const student = await buildStudent(t);
    const reference = await payByTransfer(t, student, [course.id]);
    await watchedAll(student, course);
    const code = (await settleCompletion(t.ctx, student.id, course.id))!;
    expect(code).toBeTruthy();

    const asked = await t.op('refundRequest', {
      body: { reference, courseId: course.id, reason: 'Changed my mind' },
      token: student.token,
    });
    expect(asked.status, asked.text).toBe(200);
    // An admin's approval (tested with refunds) asks the provider; the provider's "processed" comes back.
    const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.courseId, course.id));
    await t.ctx.db
      .update(refunds)
      .set({ status: 'approved', providerRefundId: `test-${refund!.id}` })
      .where(eq(refunds.id, refund!.id));
    expect(
      await handleRefundEvent(t.ctx, 'refund.processed', {
        transaction_reference: reference,
        refund_reference: `test-${refund!.id}`,
        amount: refund!.amountKobo,
      }),
    ).toBe('Refund processed');
    await eventually(async () => {
      const res = await t.op('certificateGet', { params: { code } });
      expect(res.status).toBe(200);
      expect(res.body.certificate.status).toBe('revoked');
    });
    const [stored] = await t.ctx.db.select().from(certificates).where(eq(certificates.code, code));
    expect(stored!.revokedAt).toBeInstanceOf(Date);
    // A revoked certificate is not the student's certificate any more, and is not issued again.
    expect(await settleCompletion(t.ctx, student.id, course.id)).toBeNull();
  });
});
