import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { API_BASE } from '@app/contract/common';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { outbox } from '../../src/db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { linkTo, useTestApp } from '../harness.ts';
import { eventually, payByTransfer, sandboxWithJobs } from './helpers.ts';

const textOf = async (bytes: ArrayBuffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
};

describe('the PDF receipt', () => {
  const t = useTestApp(sandboxWithJobs({}, [NOTIFICATION_EMAIL_JOB]));

  const receiptUrl = (reference: string) =>
    `${t.url}${API_BASE}${fillPath(PLAIN_ROUTES.orderReceipt.path, { reference })}`;
  const get = (url: string, who?: TestAccount) => fetch(url, { headers: who ? { apiKey: who.token } : {} });

  const paid = async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 12500, title: 'Lagos Data Science' });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 4999.5, title: 'Abuja Web Basics' });
    const reference = await payByTransfer(t, student, [a.id, b.id]);
    return { student, reference };
  };

  it('gives the owner a PDF with the seller, reference, each course and price, the naira total, channel and status', async () => {
    const { student, reference } = await paid();
    const res = await get(receiptUrl(reference), student);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(bytes);
    expect(text).toContain('DevLearn');
    expect(text).toContain(reference);
    expect(text).toMatch(/Lagos Data Science\s*₦12,500\.00/);
    expect(text).toMatch(/Abuja Web Basics\s*₦4,999\.50/);
    expect(text).toMatch(/Total\s*₦17,499\.50/);
    expect(text).toContain('Bank transfer');
    expect(text).toContain('Status: Paid');
    expect(text).toContain(student.email);
  });

  it("is written in its buyer's language: Yoruba words, Yoruba dates, the same figures", async () => {
    const { student, reference } = await paid();
    expect((await t.op('languageUpdate', { token: student.token, body: { language: 'yo' } })).status).toBe(
      200,
    );
    const text = await textOf(await (await get(receiptUrl(reference), student)).arrayBuffer());
    expect(text).toContain('Ìwé ẹ̀rí ìsanwó');
    expect(text).toContain(`Nọ́mbà ìtọ́kasí: ${reference}`);
    expect(text).toMatch(/Ẹ̀kọ́\s*Iye owó/);
    expect(text).toMatch(/Lagos Data Science\s*₦12,500\.00/);
    expect(text).toMatch(/Àpapọ̀\s*₦17,499\.50/);
    expect(text).toContain('Ọ̀nà ìsanwó: Ìfiránṣẹ́ owó sí báǹkì');
    expect(text).toContain('Ipò: Ti sanwó');
    expect(text).toContain('(Èkó)');
    expect(text).not.toContain('Total');
  });

  it('refuses guests, other accounts and wrong signatures; the purchase email carries a signed link that works', async () => {
    const { student, reference } = await paid();
    const url = receiptUrl(reference);
    expect((await get(url)).status).toBe(401);
    expect((await get(url, await buildStudent(t))).status).toBe(404);
    expect((await get(url, await buildTutor(t))).status).toBe(404);
    expect((await get(receiptUrl('DL-unknown-0'), student)).status).toBe(404);
    expect((await get(`${url}?sig=forged`)).status).toBe(403);

    const mail = await eventually(async () => {
      const [m] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, student.email));
      expect(m?.subject).toBe('Your DevLearn purchase receipt');
      return m!;
    });
    const link = /Your receipt \(PDF\): (\S+)/.exec(mail.body)?.[1];
    expect(link).toMatch(linkTo(`${API_BASE}/order/${reference}/receipt.pdf?sig=`));
    // Opened here, whichever test server's address it carries (linkTo).
    const { pathname, search } = new URL(link!);
    const signed = await get(`${t.url}${pathname}${search}`);
    expect(signed.status).toBe(200);
    expect(await textOf(await signed.arrayBuffer())).toMatch(/Total\s*₦17,499\.50/);
    // The signature is the order's: it opens no other receipt.
    const other = await paid();
    const sig = new URLSearchParams(search).get('sig');
    expect((await get(`${receiptUrl(other.reference)}?sig=${sig}`)).status).toBe(403);
  });
});
