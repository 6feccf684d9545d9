import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEVICE_REMOVED_MESSAGE, STREAM_EXPIRY_SECONDS } from '@app/contract/protection';
import { deviceHash } from '../../commands/playback.ts';
import { refusal } from '../../errors.ts';
import { currentSessionId, optionalAuth } from '../../plugins/auth.ts';
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
 */
export default async function keyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // A ladder's keys never change (a re-encryption makes a new ladder), so opened keys are kept by ladder.
  const opened = new LRUCache<string, LadderKeys>({ max: 2000 });
  app.get<{ Params: Params }>(
    '/media/key/:id/:n',
    { preValidation: optionalAuth({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }) },
    async (req, reply) => {
      const { id } = req.params;
      const n = Number(req.params.n);
      if (!HLS_ID.test(id) || !/^\d{1,6}$/.test(req.params.n)) return deny(reply, 404, 'No such key.');
      const token = req.headers['x-key-token'];
      if (typeof token !== 'string' || !token)
        return deny(reply, 401, 'This video needs a key token. Open the lesson again.');
      const verified = verifyKeyToken(ctx.config.jwtSecret, token);
      if (verified.check === 'invalid') return deny(reply, 403, 'This key token is not valid.');
      if (verified.check === 'expired')
        return deny(reply, 403, 'This key token has expired. Open the lesson again.');
      const { grant } = verified;
      if (grant.ladder !== id) return deny(reply, 403, 'This key token is for another video.');
      const device = req.headers['x-device-id'];
      if (typeof device !== 'string' || deviceHash(device) !== grant.device)
        return deny(reply, 403, 'This key token belongs to another device.');
      if ((req.account?.id ?? 0) !== grant.account)
        return deny(reply, 403, 'This key token belongs to another account.');
      if (grant.account && (currentSessionId(req) ?? '') !== grant.session)
        return deny(reply, 403, 'This key token belongs to another session.');
      const stream = await keyContext(ctx.db, grant.stream);
      if (!stream || stream.deviceHash !== grant.device)
        return deny(reply, 403, 'This key token is not valid.');
      if (stream.deviceRemovedAt) return deny(reply, 403, DEVICE_REMOVED_MESSAGE);
      if (stream.endedAt || Date.now() - stream.lastBeatAt.getTime() > STREAM_EXPIRY_SECONDS * 1000)
        return deny(reply, 403, 'This video was stopped. Play it again.');
      let keys = opened.get(id);
      if (!keys) {
        const sealed = await ladderKeys(ctx.db, `hls/${id}`);
        if (!sealed) return deny(reply, 404, 'No such key.');
        keys = openKeys(ctx.config.jwtSecret, sealed);
        opened.set(id, keys);
      }
      const key = keys.keys[n];
      if (!key) return deny(reply, 404, 'No such key.');
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Length', 16)
        .type('application/octet-stream')
        .send(key);
    },
  );
}
