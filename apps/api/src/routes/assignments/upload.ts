import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ZSubmissionResponse } from '@app/contract/assignments';
import { ZIdInput } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { assertSectionReleased } from '../../commands/releases.ts';
import { attachFile } from '../../commands/submissions.ts';
import { AppError, badRequest, notFound, ok, tooLarge } from '../../errors.ts';
import { isDbUnavailable } from '../../lib/db-errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { ASSIGNMENT_NOT_FOUND, assertMaySubmit } from '../../policies/assignment.ts';
import { assignmentWithCourse, type AssignmentRow } from '../../queries/assignments.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { formatBytes, SUBMISSION_FORMATS, WRONG_SUBMISSION_FORMAT } from '../media/formats.ts';
import { cleanName, discardPart, sniffPart, storeSniffed, UPLOAD_UNREADABLE } from '../media/index.ts';
import { submissionPresenter } from './present.ts';

/**
 * `POST /assignment/upload`: a student's file for a file assignment (multipart: `assignmentId`, then the file in
 * `files`). The type is read from the file's bytes, never its name; the size limit is MAX_RESOURCE_BYTES. The file
 * goes onto the draft; a refused file leaves the draft as it was.
 */
export default async function assignmentUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const limit = ctx.config.limits.resourceBytes;
  const tooLargeText = `The file is too large. The limit is ${formatBytes(limit)}.`;
  await app.register(multipart, {
    limits: { fileSize: limit + 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 100 },
  });
  const present = submissionPresenter(ctx);

  r.post(
    PLAIN_ROUTES.assignmentUpload.path,
    {
      schema: {
        consumes: ['multipart/form-data'],
        description:
          'Multipart form: `assignmentId`, then the file in `files` (PDF, image, ZIP or office document). ' +
          'Answers the draft with the file on it.',
        response: { 200: ZSubmissionResponse },
        tags: ['assignments'],
        security: [{ apiKey: [] }],
      },
      preValidation: requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user', 'tutor', 'admin'),
    },
    async (req) => {
      const account = currentAccount(req);
      if (!req.isMultipart())
        badRequest('Send the file as multipart/form-data with the fields assignmentId and files.');
      if (Number(req.headers['content-length'] ?? 0) > limit + 1024 * 1024) tooLarge(tooLargeText);
      let assignment: AssignmentRow | undefined;
      let stored: { key: string; name: string | null; size: number } | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'assignmentId') continue;
            const id = ZIdInput.safeParse(String(part.value));
            if (!id.success) badRequest('assignmentId must be a whole number.');
            const found = (await assignmentWithCourse(ctx.db, id.data!)) ?? notFound(ASSIGNMENT_NOT_FOUND);
            const viewer = (await loadViewer(ctx.db, account, [found.course.id]))!;
            assertMaySubmit(viewer, found.course);
            await assertSectionReleased(ctx.db, account, found.course.id, found.assignment.sectionId);
            if (found.assignment.submissionType !== 'file')
              badRequest(`This assignment takes a ${found.assignment.submissionType}, not a file.`);
            assignment = found.assignment;
            continue;
          }
          if (stored || !assignment) {
            if (!assignment) badRequest('Send assignmentId before the file.');
            part.file.resume();
            continue;
          }
          const sniffed = await sniffPart(part);
          const format = sniffed.detectedExt ? SUBMISSION_FORMATS[sniffed.detectedExt] : undefined;
          if (!format) {
            await discardPart(sniffed);
            badRequest(WRONG_SUBMISSION_FORMAT);
          }
          const key = `submissions/${randomUUID()}.${format!.ext}`;
          const { size } = await storeSniffed(ctx, part, sniffed, {
            key,
            mime: format!.mime,
            limit,
            tooLargeText,
          });
          stored = { key, name: cleanName(part.filename ?? ''), size };
        }
        if (!assignment) badRequest('assignmentId is required.');
        if (!stored) badRequest('Choose a file to upload (form field "files").');
      } catch (err) {
        if (stored) await ctx.storage.delete(stored.key).catch(() => {});
        const e = err as { code?: string; statusCode?: number };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') tooLarge(tooLargeText);
        if (!(err instanceof AppError) && !isDbUnavailable(err) && !(e.statusCode! < 500))
          badRequest(UPLOAD_UNREADABLE);
        throw err;
      }
      const row = await attachFile(ctx, account.id, assignment!, stored!);
      return { responseDto: ok('File uploaded'), submission: await present.one(row, account.id) };
    },
  );
}
