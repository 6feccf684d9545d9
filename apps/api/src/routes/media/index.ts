import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { CONTROL_CHARS } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ZUploadResponse, ZUploadType, type TUploadType } from '@app/contract/media';
import type { AppContext } from '../../context.ts';
import { makeImageVariants } from '../../commands/image-variants.ts';
import { recordUpload, type StoredUpload } from '../../commands/record-upload.ts';
import { AppError, badRequest, forbidden, ok, tooLarge } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { mayUpload } from '../../policies/media.ts';
import { mediaPath } from '../../services/storage/signing.ts';
import { KIND_FOLDER, type MediaKind } from '../../services/storage/storage.ts';
import { isDbUnavailable } from '../../lib/db-errors.ts';
import { classify, formatBytes, WRONG_FORMAT } from './formats.ts';

/** file-type needs at most this many leading bytes to recognise a format. */
const SNIFF_BYTES = 4100;

type Stored = StoredUpload;

export const UPLOAD_UNREADABLE = 'The upload could not be read. Please try again.';

const tooLargeMessage = (kind: MediaKind, limit: number) =>
  `The ${kind} is too large. The limit is ${formatBytes(limit)}.`;

/** A file part's first bytes (enough to recognise its format) and the rest of it, still unread. */
export type SniffedPart = {
  prefix: Buffer;
  ended: boolean;
  source: AsyncIterator<Buffer>;
  /** The format file-type recognised from the bytes (its `ext`), undefined when none. */
  detectedExt: string | undefined;
};

/** Reads a file part's first bytes and recognises its format from them (never from its name). */
export async function sniffPart(part: MultipartFile): Promise<SniffedPart> {
  const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const prefix = Buffer.concat(head);
  const detectedExt = (await (await import('file-type')).fileTypeFromBuffer(prefix))?.ext;
  return { prefix, ended, source, detectedExt };
}

/** Reads the rest of a sniffed part and throws it away (the other fields can still be read). */
export async function discardPart(sniffed: SniffedPart): Promise<void> {
  if (sniffed.ended) return;
  for (let n = await sniffed.source.next(); !n.done; n = await sniffed.source.next());
}

/**
 * Streams a sniffed part (never held whole in memory) into storage under `key`, refusing it with a 413
 * (`tooLargeText`) once it passes `limit` bytes; a part the parser cut short is deleted and refused the same way.
 */
export async function storeSniffed(
  ctx: AppContext,
  part: MultipartFile,
  sniffed: SniffedPart,
  target: { key: string; mime: string; limit: number; tooLargeText: string },
): Promise<{ size: number }> {
  const { prefix, ended, source } = sniffed;
  const { limit, tooLargeText } = target;
  async function* counted() {
    let total = prefix.length;
    if (total > limit) throw new AppError(413, 'too_large', tooLargeText);
    yield prefix;
    if (ended) return;
    for (let n = await source.next(); !n.done; n = await source.next()) {
      total += n.value.length;
      if (total > limit) throw new AppError(413, 'too_large', tooLargeText);
      yield n.value;
    }
  }
  const { size } = await ctx.storage.put(target.key, Readable.from(counted()), target.mime);
  if (part.file.truncated) {
    await ctx.storage.delete(target.key);
    tooLarge(tooLargeText);
  }
  return { size };
}

/**
 * Sniffs the file's format from its first bytes, then streams it into storage under a fresh key. Returns null,
 * after discarding the bytes, when no upload type accepts the format.
 */
async function storeFile(
  ctx: AppContext,
  part: MultipartFile,
  declared: TUploadType | undefined,
): Promise<Stored | null> {
  const sniffed = await sniffPart(part);
  const format = classify(sniffed.detectedExt);
  if (!format || (declared && format.kind !== declared)) {
    if (declared) badRequest(WRONG_FORMAT[declared]);
    await discardPart(sniffed); // keep reading fields
    return null;
  }
  const limit = ctx.config.limits[`${format.kind}Bytes`];
  const key = `${KIND_FOLDER[format.kind]}/${randomUUID()}.${format.ext}`;
  const { size } = await storeSniffed(ctx, part, sniffed, {
    key,
    mime: format.mime,
    limit,
    tooLargeText: tooLargeMessage(format.kind, limit),
  });
  return { key, kind: format.kind, mime: format.mime, size };
}

/** The name to keep for an upload: no control characters, at most 300 characters, null when empty. */
export const cleanName = (raw: string) =>
  raw.replace(new RegExp(CONTROL_CHARS, 'g'), '').trim().slice(0, 300) || null;

/** `POST /images/add`: multipart upload of an image, video or resource file by a tutor or an admin. */
export default async function mediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { limits } = ctx.config;
  const largest = Math.max(limits.imageBytes, limits.videoBytes, limits.resourceBytes);
  // The per-type limit is enforced while streaming; this is only the outer bound of one request.
  await app.register(multipart, {
    limits: { fileSize: largest + 1, fields: 10, fieldSize: 10_000, parts: 20, headerPairs: 100 },
  });

  r.post(
    PLAIN_ROUTES.upload.path,
    {
      schema: {
        consumes: ['multipart/form-data'],
        description:
          'Multipart form: `type` (image, video or resource), `name`, and the file in `files`. Answers the ' +
          'url to put in a course. Send `type` before the file so a wrong file is refused at once.',
        response: { 200: ZUploadResponse },
        tags: ['media'],
        security: [{ apiKey: [] }],
      },
      preValidation: requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user', 'tutor', 'admin'),
    },
    async (req) => {
      const account = currentAccount(req);
      if (!mayUpload(account)) forbidden('Only tutors and admins can upload files.');
      if (!req.isMultipart())
        badRequest('Send the upload as multipart/form-data with the fields files, name and type.');
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > largest + 1024 * 1024)
        tooLarge(`The file is too large. The limit is ${formatBytes(largest)}.`);

      let declared: TUploadType | undefined;
      let typeError: string | undefined;
      let name: string | null = null;
      let stored: Stored | null = null;
      let unrecognised = false;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'type') {
              const parsed = ZUploadType.safeParse(String(part.value).trim().toLowerCase());
              if (parsed.success) declared = parsed.data;
              else typeError = 'type must be image, video or resource.';
            } else if (part.fieldname === 'name') {
              name = cleanName(String(part.value));
            }
            continue;
          }
          if (stored || unrecognised || typeError) {
            part.file.resume(); // one file per upload; the rest is ignored
            continue;
          }
          name ??= cleanName(part.filename ?? '');
          const result = await storeFile(ctx, part, declared);
          if (result) stored = result;
          else unrecognised = true;
        }
        if (typeError) badRequest(typeError);
        if (!declared) badRequest('type is required: image, video or resource.');
        if (unrecognised) badRequest(WRONG_FORMAT[declared!]);
        if (!stored) badRequest('Choose a file to upload (form field "files").');
        if (stored!.kind !== declared) badRequest(WRONG_FORMAT[declared!]);
      } catch (err) {
        if (stored) await ctx.storage.delete(stored.key).catch(() => {});
        const e = err as { code?: string; statusCode?: number };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          tooLarge(`The file is too large. The limit is ${formatBytes(largest)}.`);
        // A body the multipart parser could not read (no or wrong boundary, cut short, malformed part headers)
        // throws the parser's own error, with no status: it is the client's upload, not our fault.
        if (!(err instanceof AppError) && !isDbUnavailable(err) && !(e.statusCode! < 500))
          badRequest(UPLOAD_UNREADABLE);
        throw err;
      }
      // The upload is read and checked: what fails from here (image copies, the record) is the server's.
      try {
        // WebP copies for phones (the original is kept and stays the course's image URL).
        if (stored!.kind === 'image') await makeImageVariants(ctx, stored!.key);
        await recordUpload(ctx, account.id, stored!, name);
      } catch (err) {
        await ctx.storage.delete(stored!.key).catch(() => {});
        throw err;
      }
      return { responseDto: ok('File uploaded'), url: mediaPath(stored!.key) };
    },
  );
}
