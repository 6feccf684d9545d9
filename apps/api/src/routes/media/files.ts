import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../../errors.ts';
import { isValidKey, verifyMediaSignature } from '../../services/storage/signing.ts';
import type { ByteRange } from '../../services/storage/storage.ts';
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

  async function serve(req: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
    const st = isValidKey(key) ? await ctx.storage.stat(key) : null;
    if (!st) return reply.status(404).send(refusal('File not found.'));
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

  app.get<{ Params: Params }>('/media/images/:name', async (req, reply) =>
    serve(req, reply, `images/${req.params.name}`, 'public, max-age=31536000, immutable'),
  );

  for (const folder of ['videos', 'resources'] as const) {
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
        // Private: the signed URL is personal, and shared caches must not keep the paid content.
        return serve(req, reply, key, 'private, max-age=600');
      },
    );
  }
}
