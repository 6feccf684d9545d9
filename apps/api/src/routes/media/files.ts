import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayFetchMedia } from '../../queries/media-access.ts';
import { lockedFileMessage } from '../../commands/releases.ts';
import { refusal } from '../../errors.ts';
import { isValidKey, verifyMediaSignature } from '../../services/storage/signing.ts';
import type { ByteRange, StoredObject } from '../../services/storage/storage.ts';
import { makeImageVariants, parseVariantKey } from '../../commands/image-variants.ts';
import { contentTypeOf } from './formats.ts';

type Params = { name: string };

/** A single `bytes=` range; null means "serve everything" (no header, or one we may ignore per RFC 9110). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (start >= size) return 'unsatisfiable';
    end = m[2] === '' ? size - 1 : Number(m[2]);
    if (end < start) return null;
    end = Math.min(end, size - 1);
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Media files: public images, and videos/resources behind signed, expiring URLs. HTTP Range supported. */
export default async function mediaFileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const stat = (key: string) => (isValidKey(key) ? ctx.storage.stat(key) : Promise.resolve(null));
  const notFound = (reply: FastifyReply) => reply.status(404).send(refusal('File not found.'));
  // Behind nginx (MEDIA_ACCEL_REDIRECT) we only decide; nginx sends the bytes from the same files with sendfile.
  const accel = ctx.storage.kind === 'disk' ? ctx.config.mediaAccelRedirect : undefined;

  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    cacheControl: string,
    known?: StoredObject,
  ) {
    const st = known ?? (await stat(key));
    if (!st) return notFound(reply);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', st.etag)
      .header('Last-Modified', st.lastModified.toUTCString())
      .header('Cache-Control', cacheControl);
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === st.etag)) return reply.status(304).send();
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== st.etag ? null : parseRange(req.headers.range, st.size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('Content-Range', `bytes */${st.size}`)
        .send(refusal(`The requested range is outside the file (${st.size} bytes).`));
    }
    reply.type(contentTypeOf(key));
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${st.size}`)
        .header('Content-Length', range.end - range.start + 1);
      return reply.send(await ctx.storage.read(key, range));
    }
    reply.header('Content-Length', st.size);
    return reply.send(await ctx.storage.read(key));
  }

  // Copies being made right now, so a burst of requests for an image uploaded before copies existed makes them once.
  const making = new Map<string, Promise<boolean>>();

  /**
   * The key to serve for an image path: the path itself when stored; for a WebP copy that is missing (an image
   * stored before copies were made at upload), the copies are made now, or the original is served when they cannot be.
   */
  async function imageKey(key: string): Promise<string> {
    const variant = parseVariantKey(key);
    if (!variant || !isValidKey(key) || (await ctx.storage.stat(key))) return key;
    if (!(await ctx.storage.stat(variant.original))) return key;
    let job = making.get(variant.original);
    if (!job) {
      job = makeImageVariants(ctx, variant.original).finally(() => making.delete(variant.original));
      making.set(variant.original, job);
    }
    return (await job) ? key : variant.original;
  }

  app.get<{ Params: Params }>('/media/images/:name', async (req, reply) =>
    serve(req, reply, await imageKey(`images/${req.params.name}`), 'public, max-age=31536000, immutable'),
  );

  // Submissions' files: their students, the course's graders and assigned peer reviewers (policies/assignment.ts).
  for (const folder of ['videos', 'resources', 'submissions'] as const) {
    app.get<{ Params: Params; Querystring: Record<string, unknown> }>(
      `/media/${folder}/:name`,
      async (req, reply) => {
        const key = `${folder}/${req.params.name}`;
        const check = verifyMediaSignature(ctx.config.jwtSecret, key, req.query);
        if (check !== 'ok') {
          const message =
            check === 'expired'
              ? 'This link has expired. Open the course again to get a fresh one.'
              : check === 'missing'
                ? 'This file needs a signed link. Open it from the course page.'
                : 'This link is not valid.';
          return reply.status(403).header('Cache-Control', 'no-store').send(refusal(message));
        }
        const st = await stat(key);
        if (!st) return notFound(reply);
        if (!(await mayFetchMedia(ctx.db, key, Number(req.query.v)))) {
          return reply
            .status(403)
            .header('Cache-Control', 'no-store')
            .send(refusal('This link no longer gives access to this file. Open the course again.'));
        }
        // A cohort member's lesson that is not released yet (docs/cohorts.md).
        const locked = await lockedFileMessage(ctx.db, key, Number(req.query.v));
        if (locked) return reply.status(403).header('Cache-Control', 'no-store').send(refusal(locked));
        // Private: the signed URL is personal, and shared caches must not keep the paid content.
        const cacheControl = 'private, max-age=600';
        if (accel) {
          return reply
            .header('X-Accel-Redirect', `${accel}${key}`)
            .header('Cache-Control', cacheControl)
            .type(contentTypeOf(key))
            .send();
        }
        return serve(req, reply, key, cacheControl, st);
      },
    );
  }
}
