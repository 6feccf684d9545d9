import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEVICE_REMOVED_MESSAGE, STREAM_EXPIRY_SECONDS } from '@app/contract/protection';
import { deviceHash } from '../../commands/playback.ts';
import { refusal, unauthorized } from '../../errors.ts';
import { keyStreamChecks } from '../../lib/metrics.ts';
import { authenticate, tokenClaims } from '../../plugins/auth.ts';
import { keyContext, ladderKeys } from '../../queries/protection.ts';
import { HLS_ID, verifyKeyToken } from '../../services/storage/signing.ts';
import { openKeys, type LadderKeys } from '../../services/video/hls-crypto.ts';

type Params = { id: string; n: string };

const deny = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).header('Cache-Control', 'no-store').send(refusal(message));

/**
 * `GET /media/key/<ladder>/<n>`: the 16 bytes of a ladder's key n, only to the request that carries a live key
 * token (`X-Key-Token`, from `POST /playback/start` or its heartbeat) on the device and, for an account, under the
 * session it was issued to (`X-Device-Id`, `apiKey`), while its stream plays. Never cached anywhere.
 *
 * The caller's token (remembered once checked, as every route's: its start checked it just before) and the key token
 * are checked by their signatures. Then the stream: in the live-streams table
 * (cache/live-streams.ts) when it holds it (a start on this instance put it there; every stop, device removal,
 * sign-out or account deletion drops it, here and on the other instances), without reading the database; otherwise
 * in one statement that reads the account and session (not deleted, not revoked, the token's role) with the stream
 * (`keyContext`): that gives every refusal, and a stream that may play goes into the table. A token from before
 * sessions existed takes the usual sign-in check (`authenticate`) first.
 */
export default async function keyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const secret = ctx.config.jwtSecret;
  const live = ctx.liveStreams;
  // A ladder's keys never change (a re-encryption makes a new ladder), so opened keys are kept by ladder.
  const opened = new LRUCache<string, LadderKeys>({ max: 2000 });
  // 16 bytes or a short refusal: nothing to compress, and a GET has no body to decompress.
  const route = { compress: false, decompress: false } as const;
  app.get<{ Params: Params }>('/media/key/:id/:n', route, async (req, reply) => {
    // Taken before anything is read: what the database says below is kept only if nothing it read was dropped since.
    const since = live.mark();
    // A token sent must be a valid one, whatever the key token says (401 otherwise, as on every route).
    const claims = await tokenClaims(req, secret);
    // A token from before sessions: its account and token version are checked the usual way.
    if (claims && !claims.sid) await authenticate(req, ctx.db, secret);
    const sessionId = claims?.sid ?? null;
    const { id } = req.params;
    const n = Number(req.params.n);
    if (!HLS_ID.test(id) || !/^\d{1,6}$/.test(req.params.n)) return deny(reply, 404, 'No such key.');
    const token = req.headers['x-key-token'];
    if (typeof token !== 'string' || !token)
      return deny(reply, 401, 'This video needs a key token. Open the lesson again.');
    const verified = verifyKeyToken(secret, token);
    if (verified.check === 'invalid') return deny(reply, 403, 'This key token is not valid.');
    if (verified.check === 'expired')
      return deny(reply, 403, 'This key token has expired. Open the lesson again.');
    const { grant } = verified;
    if (grant.ladder !== id) return deny(reply, 403, 'This key token is for another video.');
    const device = req.headers['x-device-id'];
    if (typeof device !== 'string' || deviceHash(device) !== grant.device)
      return deny(reply, 403, 'This key token belongs to another device.');
    if ((claims?.id ?? 0) !== grant.account)
      return deny(reply, 403, 'This key token belongs to another account.');
    if (grant.account && (sessionId ?? '') !== grant.session)
      return deny(reply, 403, 'This key token belongs to another session.');
    // The table only says yes; anything it does not hold, or holds otherwise, is asked of the database.
    const held = live.get(grant.stream);
    const fromTable =
      held !== undefined &&
      held.deviceHash === grant.device &&
      held.ladder === id &&
      (held.accountId ?? 0) === grant.account &&
      (held.sessionId ?? '') === grant.session &&
      (!claims?.sid || held.accountRole === claims.role);
    keyStreamChecks.inc({ source: fromTable ? 'table' : 'database' });
    if (!fromTable) {
      const stream = await keyContext(ctx.db, grant.stream);
      if (!stream || stream.deviceHash !== grant.device)
        return deny(reply, 403, 'This key token is not valid.');
      // The account and its session still hold, as `authenticate` would have it.
      if (
        claims?.sid &&
        (stream.accountId !== claims.id ||
          stream.accountRole !== claims.role ||
          stream.accountDeletedAt ||
          !stream.sessionFound ||
          stream.sessionRevokedAt)
      )
        return unauthorized();
      if (stream.deviceRemovedAt) return deny(reply, 403, DEVICE_REMOVED_MESSAGE);
      if (stream.endedAt || Date.now() - stream.lastBeatAt.getTime() > STREAM_EXPIRY_SECONDS * 1000)
        return deny(reply, 403, 'This video was stopped. Play it again.');
      // Kept when what was read covers what a later request checks: the session too, when it plays under one.
      if (claims?.sid || !stream.sessionId)
        live.add(
          {
            id: grant.stream,
            accountId: stream.accountId,
            accountRole: stream.accountRole,
            sessionId: stream.sessionId,
            deviceId: stream.deviceId,
            deviceHash: stream.deviceHash,
            ladder: stream.hlsPrefix.slice('hls/'.length),
            lastBeatAt: stream.lastBeatAt.getTime(),
            checkedAt: Date.now(),
          },
          since,
        );
    }
    let keys = opened.get(id);
    if (!keys) {
      const sealed = await ladderKeys(ctx.db, `hls/${id}`);
      if (!sealed) return deny(reply, 404, 'No such key.');
      keys = openKeys(secret, sealed);
      opened.set(id, keys);
    }
    const key = keys.keys[n];
    if (!key) return deny(reply, 404, 'No such key.');
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Length', 16)
      .type('application/octet-stream')
      .send(key);
  });
}
