import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/**
 * A JSON string value that starts with `/media/`: its opening quote follows `:`, `,` or `[` (a quote inside a
 * string is always escaped, `\"`, so text that merely mentions "/media/…" is never touched).
 */
const MEDIA_VALUE = /([:,[])"\/media\//g;

/** Makes every media URL of a serialized answer absolute (`<base>/media/…`). */
export function absoluteMediaUrls(json: string, base: string): string {
  return json.replace(MEDIA_VALUE, (_, before: string) => `${before}"${base}/media/`);
}

/**
 * What the serializer does to a JSON answer after JSON.stringify, for answers serialized elsewhere (the answer
 * cache's `json`): absolute media URLs while CORS_ORIGINS is set, nothing otherwise.
 */
export function finishJson(config: Config): ((json: string) => string) | undefined {
  return config.corsOrigins.length ? (json) => absoluteMediaUrls(json, config.publicUrl) : undefined;
}

/**
 * Answers usable by a client on another origin (DECISIONS §1), only while CORS_ORIGINS is set; same-origin
 * behaviour is the same either way:
 * - every media URL in a JSON answer is absolute, built from PUBLIC_URL, so the other origin does not load it from
 *   its own host. This happens in the serializer, so the answer cache stores (and revalidates) the absolute form,
 *   and for answers sent as a ready string;
 * - media answers carry `Cross-Origin-Resource-Policy: cross-origin` instead of helmet's `same-site`, so the other
 *   origin's pages may show the images and play the signed media.
 */
export function registerCrossOrigin(app: FastifyInstance, config: Config) {
  if (!config.corsOrigins.length) {
    app.setSerializerCompiler(serializerCompiler);
    return;
  }
  app.setSerializerCompiler((route) => {
    const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    // PUBLIC_URL is read per answer: tests learn their port only after listening.
    return (data) => absoluteMediaUrls(serialize(data) as string, config.publicUrl);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    // Answers sent as a ready string (the answer cache's per-request fill of signed links, routes without a
    // response schema) did not pass the serializer. Stored bytes (Buffers) did, when they were stored.
    if (
      typeof payload === 'string' &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      return absoluteMediaUrls(payload, config.publicUrl);
    return payload;
  });
}

/**
 * A spec client on another origin (CORS_ORIGINS) that still gets lessons' original MP4 links (`videoLink`), as
 * the spec's `<video src>` needs, unless LEGACY_MP4_LINKS=false. Our own web app is same-origin: never one.
 */
export function legacyMp4Client(req: Pick<FastifyRequest, 'headers'>, config: Config): boolean {
  const origin = req.headers.origin;
  return (
    config.protection.legacyMp4Links && typeof origin === 'string' && config.corsOrigins.includes(origin)
  );
}
