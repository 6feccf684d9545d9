import type { FastifyInstance, FastifyReply } from 'fastify';
import { refusal } from '../../errors.ts';
import { HLS_FILE, HLS_ID, MEDIA_URL_TTL_SECONDS, verifyHlsToken } from '../../services/storage/signing.ts';

type Params = { token: string; id: string; '*': string };

const PLAYLIST = 'application/vnd.apple.mpegurl';

const deny = (reply: FastifyReply, message: string) =>
  reply.status(403).header('Cache-Control', 'no-store').send(refusal(message));

/**
 * HLS ladders under `/media/hls/<token>/<id>/...`: the token (signed for this ladder, a viewer and an expiry, see
 * signHlsPath) is checked for every playlist and segment. With S3, variant playlists are rewritten so each
 * segment is a presigned URL; on disk the relative URIs keep the token and come back here.
 */
export default async function hlsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get<{ Params: Params }>('/media/hls/:token/:id/*', async (req, reply) => {
    const { token, id } = req.params;
    const file = req.params['*'];
    if (!HLS_ID.test(id) || !HLS_FILE.test(file)) return deny(reply, 'This link is not valid.');
    const check = verifyHlsToken(ctx.config.jwtSecret, id, token);
    if (check === 'expired')
      return deny(reply, 'This link has expired. Open the lesson again to get a fresh one.');
    if (check !== 'ok') return deny(reply, 'This link is not valid.');
    const key = `hls/${id}/${file}`;
    const st = await ctx.storage.stat(key);
    if (!st) return reply.status(404).send(refusal('File not found.'));
    // Private: the link is personal, and shared caches must not keep paid content.
    reply.header('Cache-Control', 'private, max-age=600');
    if (file.endsWith('.ts')) {
      reply.type('video/mp2t').header('Content-Length', st.size);
      return reply.send(await ctx.storage.read(key));
    }
    reply.type(PLAYLIST);
    if (ctx.storage.kind !== 's3' || file === 'master.m3u8') {
      reply.header('Content-Length', st.size);
      return reply.send(await ctx.storage.read(key));
    }
    const text = await streamText(await ctx.storage.read(key));
    const dir = key.slice(0, key.lastIndexOf('/') + 1);
    const viewer = Number(token.split('-')[1]);
    const lines = await Promise.all(
      text
        .split('\n')
        .map((line) =>
          line && !line.startsWith('#')
            ? ctx.storage.signedUrl(dir + line.trim(), viewer, MEDIA_URL_TTL_SECONDS)
            : line,
        ),
    );
    return reply.send(lines.join('\n'));
  });
}

async function streamText(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let s = '';
  for await (const chunk of stream) s += chunk.toString();
  return s;
}
