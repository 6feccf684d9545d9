import type { FastifyInstance, FastifyReply } from 'fastify';
import { refusal } from '../../errors.ts';
import { ladderCaptions, ladderCaptionVtt } from '../../queries/captions.ts';
import { HLS_FILE, HLS_ID, MEDIA_URL_TTL_SECONDS, verifyHlsToken } from '../../services/storage/signing.ts';

type Params = { token: string; id: string; '*': string };
type Query = { lesson?: string };

/** A lesson's subtitle rendition: `subs/<seriesId>/<language>.m3u8` and the WebVTT it names. */
const SUBS_FILE = /^subs\/(\d{1,10})\/([a-z]{2,3}(?:-[a-z0-9]{1,8}){0,3})\.(m3u8|vtt)$/;
const LESSON = /^\d{1,10}$/;
/** The subtitle renditions' group in the master playlist. */
const SUBS_GROUP = 'subs';
/**
 * Where the WebVTT's time 0 sits on the segments' MPEG-TS clock: ffmpeg's TS muxer starts a ladder at 1.4 s
 * (RFC 8216 §3.5: without this map, cue time 0 would be MPEG-TS time 0, 1.4 s early).
 */
const VTT_TIMESTAMP_MAP = 'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000';

const quoted = (s: string) => s.replace(/["\r\n]/g, '');

/** The ladder's master playlist with the lesson's captions as subtitle renditions (RFC 8216 §4.3.4.1). */
export function withSubtitles(
  master: string,
  seriesId: number,
  tracks: { language: string; label: string }[],
) {
  if (tracks.length === 0) return master;
  const media = tracks.map(
    (t) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBS_GROUP}",LANGUAGE="${t.language}",NAME="${quoted(t.label)}",` +
      `DEFAULT=NO,AUTOSELECT=NO,FORCED=NO,URI="subs/${seriesId}/${t.language}.m3u8"`,
  );
  const lines = master
    .split('\n')
    .map((l) =>
      l.startsWith('#EXT-X-STREAM-INF:') && !l.includes('SUBTITLES=') ? `${l},SUBTITLES="${SUBS_GROUP}"` : l,
    );
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  lines.splice(at < 0 ? lines.length : at, 0, ...media);
  return lines.join('\n');
}

/** A subtitle media playlist: the one WebVTT file covering the whole video. */
export const subtitlePlaylist = (language: string, durationSeconds: number) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    `${language}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

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
  app.get<{ Params: Params; Querystring: Query }>('/media/hls/:token/:id/*', async (req, reply) => {
    const { token, id } = req.params;
    const file = req.params['*'];
    const subs = SUBS_FILE.exec(file);
    if (!HLS_ID.test(id) || (!subs && !HLS_FILE.test(file))) return deny(reply, 'This link is not valid.');
    const check = verifyHlsToken(ctx.config.jwtSecret, id, token);
    if (check === 'expired')
      return deny(reply, 'This link has expired. Open the lesson again to get a fresh one.');
    if (check !== 'ok') return deny(reply, 'This link is not valid.');
    if (subs) {
      // A lesson's captions: only a lesson whose video is this ladder (the token's), so the same link's reach.
      const [, lesson, language, ext] = subs;
      const row = await ladderCaptionVtt(ctx.db, id, Number(lesson), language!);
      if (!row) return reply.status(404).send(refusal('File not found.'));
      reply.header('Cache-Control', 'private, no-cache');
      if (ext === 'm3u8')
        return reply.type(PLAYLIST).send(subtitlePlaylist(language!, row.durationSeconds ?? 0));
      return reply
        .type('text/vtt; charset=utf-8')
        .send(row.vtt.replace(/^WEBVTT\n/, `WEBVTT\n${VTT_TIMESTAMP_MAP}\n`));
    }
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
    const lesson = req.query.lesson;
    if (file === 'master.m3u8' && lesson && LESSON.test(lesson)) {
      // The lesson's master: the ladder's, with the lesson's captions (fresh after an upload).
      const tracks = await ladderCaptions(ctx.db, id, Number(lesson));
      if (tracks.length > 0) {
        reply.header('Cache-Control', 'private, no-cache');
        const master = await streamText(await ctx.storage.read(key));
        return reply.send(withSubtitles(master, Number(lesson), tracks));
      }
    }
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
