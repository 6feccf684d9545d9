import type { FastifyInstance, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { etagOf, matchesEtag } from './answer-cache.ts';

const personal = (req: FastifyRequest) => Boolean(req.headers.apikey || req.headers.authorization);

/** Types worth compressing: text, JSON, JavaScript, CSS, SVG, XML. Video, images and fonts are left alone. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * HTTP caching and compression for every answer.
 *
 * - GET JSON and HTML answers carry an ETag computed from the bytes sent, and a matching If-None-Match gets 304.
 *   Their Cache-Control defaults to `no-cache` (revalidate every time: the catalogue changes the moment a write
 *   commits), `private, no-cache` when the request carried a token; routes may set their own.
 * - Answers of 1 KB and more of a compressible type are compressed on the fly (brotli at a fast level, or gzip)
 *   unless they are already encoded (precompressed build files, cached answers with their compressed copies).
 */
export async function registerHttpCaching(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') && !type.startsWith('text/html')) return payload;
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', personal(req) ? 'private, no-cache' : 'no-cache');
    }
    if (String(reply.getHeader('cache-control')).includes('no-store')) return payload; // nothing to revalidate
    // Files (streams) carry the ETag @fastify/static gives them; encoded answers came from the cache with theirs.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let etag = reply.getHeader('etag') as string | undefined;
    if (!etag) reply.header('etag', (etag = etagOf(payload)));
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    // @fastify/compress hooks into routes only: the pages of the not-found handler come compressed from the answer
    // cache (servePage), or are the one-line "not built yet" page.
    return payload;
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Quality 4 costs a few times less CPU than the default 11 and still beats gzip on JSON.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
