import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STREAM_EXPIRY_SECONDS } from '@app/contract/protection';
import { auditOrigin } from '../../commands/audit.ts';
import {
  beatPlayback,
  deviceHash,
  endOldestStream,
  removeDevice,
  reportTamper,
  startPlayback,
  stopPlayback,
  type PlaybackCaller,
} from '../../commands/playback.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, currentSessionId, optionalAuth, requireRole } from '../../plugins/auth.ts';
import { toDeviceDto } from '../../presenters/protection.ts';
import {
  accountDevices,
  deviceByHash,
  encryptionProgress,
  sharingReport,
  streamByCode,
} from '../../queries/protection.ts';
import { opRoute } from '../op-route.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The live-streams table's mark of each request, taken as it arrives (before its sign-in is read). */
const marks = new WeakMap<FastifyRequest, number>();

/** The caller of a playback call: the account when signed in (a guest plays free previews), its session and address. */
function callerOf(req: FastifyRequest): PlaybackCaller {
  const ua = req.headers['user-agent'];
  return {
    account: req.account ?? null,
    sessionId: req.account ? currentSessionId(req) : null,
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    since: marks.get(req) ?? null,
  };
}

/**
 * Protected playback (docs/media.md, "What is protected"): streams with their heartbeat and key tokens, the
 * caller's devices, and the admins' watermark lookup, sharing report and re-encryption progress.
 */
export default async function protectionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const anyone = optionalAuth(deps);
  const signedIn = requireRole(deps, 'user', 'tutor', 'admin');
  const admin = requireRole(deps, 'admin');
  const tag = 'protection';
  // These routes only (the plugin's own scope).
  app.addHook('onRequest', async (req) => {
    marks.set(req, ctx.liveStreams.mark());
  });

  opRoute(
    app,
    'playbackStart',
    {
      tag,
      summary: 'Start playing a lesson: a stream, the watermark and the first key token',
      description:
        'Guests may start a free preview lesson; students within MAX_DEVICES devices and MAX_STREAMS streams ' +
        '(409 with the stream limit message when over; `end-oldest` frees a place). The key token goes in the ' +
        '`X-Key-Token` header of `GET /media/key/...`, with `X-Device-Id` and the `apiKey`.',
      auth: anyone,
    },
    async (req) => ({ responseDto: ok(), playback: await startPlayback(ctx, callerOf(req), req.body) }),
  );

  opRoute(
    app,
    'playbackBeat',
    {
      tag,
      summary: 'The heartbeat (every 30 s): keeps the stream and answers a fresh key token',
      auth: anyone,
    },
    async (req) => ({ responseDto: ok(), playback: await beatPlayback(ctx, callerOf(req), req.body) }),
  );

  opRoute(app, 'playbackStop', { tag, summary: 'The player closed', auth: anyone }, async (req) => {
    await stopPlayback(ctx, callerOf(req), req.body);
    return { responseDto: ok('Stopped') };
  });

  opRoute(
    app,
    'playbackEndOldest',
    { tag, summary: "End the account's oldest playing stream, to watch here", auth: signedIn },
    async (req) => {
      await endOldestStream(ctx, currentAccount(req));
      return { responseDto: ok('The other device was stopped.') };
    },
  );

  opRoute(
    app,
    'playbackTamper',
    { tag, summary: 'The player saw its watermark removed or hidden', auth: anyone },
    async (req) => {
      await reportTamper(ctx, callerOf(req), req.body);
      return { responseDto: ok('Reported') };
    },
  );

  opRoute(
    app,
    'deviceList',
    { tag, summary: "The caller's devices (where videos were played or downloaded)", auth: signedIn },
    async (req) => {
      const account = currentAccount(req);
      const hash = req.body?.deviceId ? deviceHash(req.body.deviceId) : null;
      const rows = await accountDevices(ctx.db, account.id, new Date(), STREAM_EXPIRY_SECONDS);
      const mine = hash ? await deviceByHash(ctx.db, account.id, hash) : null;
      return {
        responseDto: ok(),
        devices: rows.map((r) => toDeviceDto(r, hash)),
        maxDevices: ctx.config.protection.maxDevices,
        thisDevice: !mine ? 'unknown' : mine.removedAt ? 'removed' : 'registered',
      };
    },
  );

  opRoute(
    app,
    'deviceRemove',
    {
      tag,
      summary: 'Remove a device: it is signed out, gets no key again, and its downloads are deleted',
      auth: signedIn,
    },
    async (req) => {
      await removeDevice(ctx, currentAccount(req), req.body.id, auditOrigin(req));
      return { responseDto: ok('Device removed.') };
    },
  );

  opRoute(
    app,
    'watermarkLookup',
    { tag, summary: "Who watched under a watermark's session code (admins)", auth: admin },
    async (req) => {
      const row = await streamByCode(ctx.db, req.body.code.toUpperCase());
      if (!row) return notFound('No playback has this code.');
      return {
        responseDto: ok(),
        stream: {
          ...row,
          startedAt: row.startedAt.toISOString(),
          lastBeatAt: row.lastBeatAt.toISOString(),
          endedAt: iso(row.endedAt),
          tamperedAt: iso(row.tamperedAt),
        },
      };
    },
  );

  opRoute(
    app,
    'sharingReport',
    {
      tag,
      summary: 'Accounts that played from more than SHARING_IP_LIMIT networks in a day (admins)',
      auth: admin,
    },
    async (req) => {
      const limit = ctx.config.protection.sharingNetworkLimit;
      const rows = await sharingReport(ctx.db, limit, req.body?.days ?? 7, new Date());
      return { responseDto: ok(), limit, rows };
    },
  );

  opRoute(
    app,
    'encryptionProgress',
    {
      tag,
      summary: 'How many lesson videos are encrypted (the upgrade’s re-encryption, admins)',
      auth: admin,
    },
    async () => ({ responseDto: ok(), ...(await encryptionProgress(ctx.db)) }),
  );
}
