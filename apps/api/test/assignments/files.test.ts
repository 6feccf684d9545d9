import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../factories-course.ts';
import { markAllWatched } from '../certificates/helpers.ts';
import { useTestApp } from '../harness.ts';
import { XSS } from '../xss.ts';
import { buildAssignment, buildGradedCourse, PDF_BYTES, SCORES, submitText, uploadWork } from './helpers.ts';

const LIMIT = 64 * 1024;

/** A Word document as file-type recognises one: a ZIP whose content types name the document part. */
const DOCX_BYTES = Buffer.from(
  zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8('<w:document/>'),
    },
    { level: 0 },
  ),
);

describe('assignments: files checked by content, plain text, and the certificate waiting for required work', () => {
  const t = useTestApp({ env: { MAX_RESOURCE_BYTES: String(LIMIT) } });

  it('takes a file by what its bytes are, never by its name, and keeps the saved file when a new one is refused', async () => {
    const { assignment, student } = await buildGradedCourse(t, { submissionType: 'file' });
    const up = (bytes: Buffer, name: string) => uploadWork(t, student.token, assignment.id, bytes, name);

    // A PDF named .exe is a PDF; a PNG named .pdf is a PNG; a Word document is a .docx.
    const pdf = await up(PDF_BYTES, 'report.exe');
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.body.submission.fileUrl).toMatch(/\.pdf\?/);
    expect(pdf.body.submission.fileName).toBe('report.exe');
    expect((await up(PNG_BYTES, 'photo.pdf')).body.submission.fileUrl).toMatch(/\.png\?/);
    const docx = await up(DOCX_BYTES, 'essay.docx');
    expect(docx.body.submission).toMatchObject({ fileName: 'essay.docx', fileSize: DOCX_BYTES.length });
    expect(docx.body.submission.fileUrl).toMatch(/\.docx\?/);

    // A program named .pdf, plain text, and a file over MAX_RESOURCE_BYTES are refused with a clear message.
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
      Buffer.alloc(200, 1),
    ]);
    const refusedExe = await up(exe, 'homework.pdf');
    expect(refusedExe.status).toBe(400);
    expect(refusedExe.body.responseDto.message).toBe(
      'This file type is not allowed. Upload a PDF, an image (PNG, JPEG, WebP, GIF), a ZIP or an office document.',
    );
    expect((await up(Buffer.from('just some text, not a document'), 'notes.docx')).status).toBe(400);
    const big = await up(Buffer.concat([PDF_BYTES, Buffer.alloc(LIMIT, 32)]), 'big.pdf');
    expect(big.status).toBe(413);
    expect(big.body.responseDto.message).toBe('The file is too large. The limit is 64 KB.');

    // Nothing saved was lost: the draft still holds the Word document, and it can be submitted.
    const mine = await t.op('assignmentGet', { body: { assignmentId: assignment.id }, token: student.token });
    expect(mine.body.attempts[0]).toMatchObject({ status: 'draft', fileName: 'essay.docx' });
    const sent = await t.op('assignmentSubmit', {
      body: { assignmentId: assignment.id },
      token: student.token,
    });
    expect(sent.status, sent.text).toBe(200);
    // Submitted work takes no new file.
    const late = await up(PDF_BYTES, 'again.pdf');
    expect(late.status).toBe(409);
  });

  it('refuses a file for a text assignment and a submit without a file', async () => {
    const { assignment, student, course } = await buildGradedCourse(t);
    const res = await uploadWork(t, student.token, assignment.id, PDF_BYTES, 'a.pdf');
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe('This assignment takes a text, not a file.');
    const fileWork = await buildAssignment(t, course, { submissionType: 'file', title: 'Upload' });
    const none = await t.op('assignmentSubmit', {
      body: { assignmentId: fileWork.id },
      token: student.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.responseDto.message).toBe('Upload your file before submitting.');
  });

  it('stores XSS payloads as plain text and answers them byte for byte, to the student and the grader', async () => {
    const { tutor, course, student } = await buildGradedCourse(t);
    for (const payload of XSS) {
      const assignment = await buildAssignment(t, course, {
        title: 'XSS',
        grading: 'passfail',
        rubric: [],
        passPoints: null,
      });
      const sent = await submitText(t, student, assignment.id, payload);
      const graded = await t.op('submissionGrade', {
        body: { submissionId: sent.id, outcome: 'pass', feedback: payload },
        token: tutor.token,
      });
      expect(graded.status, graded.text).toBe(200);
      const seen = await t.op('submissionGet', { body: { submissionId: sent.id }, token: student.token });
      expect(seen.body.submission.text).toBe(payload);
      expect(seen.body.submission.feedback).toBe(payload);
      expect(seen.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('the certificate waits for a required assignment passed, and an optional one does not hold it', async () => {
    const { tutor, course, assignment, student } = await buildGradedCourse(t);
    await buildAssignment(t, course, { title: 'Optional extra', requiredForCertificate: false });
    await markAllWatched(t, student.id, course.id);
    const progress = () => t.op('progressCourse', { body: { courseId: course.id }, token: student.token });
    expect((await progress()).body.progress).toMatchObject({
      complete: false,
      certificateCode: null,
      passedAssignmentIds: [],
    });

    const sent = await submitText(t, student, assignment.id);
    const returned = await t.op('submissionGrade', {
      body: { submissionId: sent.id, outcome: 'return', scores: [...SCORES[8]], feedback: 'Add tests.' },
      token: tutor.token,
    });
    expect(returned.body.certificateCode).toBeNull();
    expect((await progress()).body.progress.complete).toBe(false);
    const again = await submitText(t, student, assignment.id, 'With tests');
    const passed = await t.op('submissionGrade', {
      body: { submissionId: again.id, outcome: 'pass', scores: [...SCORES[13]], feedback: 'Good.' },
      token: tutor.token,
    });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.body.certificateCode).toMatch(/^[A-Z0-9]{12}$/);
    expect((await progress()).body.progress).toMatchObject({
      complete: true,
      certificateCode: passed.body.certificateCode,
      passedAssignmentIds: [assignment.id],
    });
  });
});
