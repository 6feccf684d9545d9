import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEVICE_REMOVED_MESSAGE,
  deviceLimitMessage,
  HEARTBEAT_SECONDS,
  STREAM_EXPIRY_SECONDS,
  streamLimitMessage,
  type TPlayback,
} from '@app/contract/protection';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { devices, streams } from '../db/schema-protection.ts';
import { sessions } from '../db/schema-trust.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { browserName } from '../presenters/sessions.ts';
import { networkOf, watermarkName } from '../presenters/protection.ts';
import { planDownloadRefusal } from '../policies/plan-access.ts';
import { mayFetchMedia } from '../queries/media-access.ts';
import { latestPlanStatus } from '../queries/plans.ts';
import {
  deviceByHash,
  lessonForPlayback,
  liveDeviceCount,
  liveStreams,
  streamById,
} from '../queries/protection.ts';
import { KEY_TOKEN_TTL_SECONDS, signKeyToken } from '../services/storage/signing.ts';
import { streamTag } from '../cache/index.ts';
import { audit, type AuditOrigin } from './audit.ts';

/** The browser's device id is never stored: its SHA-256 is what devices, streams and key tokens hold. */
export const deviceHash = (deviceKey: string) => createHash('sha256').update(deviceKey).digest('base64url');

/** Who calls: a signed-in account (with its session) or a guest, from which address and browser. */
export type PlaybackCaller = {
  account: Account | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  /**
   * The live-streams table's mark taken when the request arrived, before its sign-in was read (`LiveStreams.mark`):
   * what the call learns goes into the table only if nothing it read was dropped since. Null: not at all.
   */
  since: number | null;
};

type Ctx = Pick<AppContext, 'db' | 'config' | 'liveStreams'>;

// No 0/O, 1/I/L: the code is read off a screen recording.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const conflict = (message: string, kind = 'conflict'): never => {
  throw new AppError(409, kind, message);
};

/** Students are limited; tutors and admins (the course's staff) are traced by the watermark but never refused. */
const isLimited = (account: Account | null): account is Account => account?.role === 'user';

/** Serializes one account's playback changes, so two players starting at once cannot both take the last place. */
async function lockAccount(tx: Tx, accountId: number) {
  await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
}

function keyToken(
  ctx: Ctx,
  caller: PlaybackCaller,
  stream: { id: string; hlsPrefix: string; deviceHash: string },
) {
  return signKeyToken(ctx.config.jwtSecret, {
    stream: stream.id,
    account: caller.account?.id ?? 0,
    session: caller.sessionId ?? '',
    device: stream.deviceHash,
    ladder: stream.hlsPrefix.slice('hls/'.length),
    exp: Math.floor(Date.now() / 1000) + KEY_TOKEN_TTL_SECONDS,
  });
}

/**
 * The account's device for this browser: registered at its first play (or download) while the account has fewer
 * than MAX_DEVICES; a removed one is refused (its owner removed it under Security).
 */
async function registerDevice(
  tx: Tx,
  ctx: Ctx,
  account: Account,
  hash: string,
  userAgent: string | null,
  now: Date,
): Promise<number> {
  const known = await deviceByHash(tx, account.id, hash);
  if (known?.removedAt) forbidden(DEVICE_REMOVED_MESSAGE);
  if (known) {
    await tx.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, known.id));
    return known.id;
  }
  const max = ctx.config.protection.maxDevices;
  if (isLimited(account) && (await liveDeviceCount(tx, account.id)) >= max)
    forbidden(deviceLimitMessage(max));
  const [row] = await tx
    .insert(devices)
    .values({
      accountId: account.id,
      keyHash: hash,
      name: browserName(userAgent),
      createdAt: now,
      lastSeenAt: now,
    })
    .returning({ id: devices.id });
  return row!.id;
}

/**
 * Ends the streams whose heartbeat stopped (at the moment they expired), so they no longer hold a place. Answers
 * their ids.
 */
async function expireStale(tx: Db | Tx, accountId: number, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - STREAM_EXPIRY_SECONDS * 1000);
  const ended = await tx
    .update(streams)
    .set({
      endedAt: sql`${streams.lastBeatAt} + make_interval(secs => ${STREAM_EXPIRY_SECONDS})`,
      endReason: 'expired',
    })
    .where(
      and(
        eq(streams.accountId, accountId),
        isNull(streams.endedAt),
        sql`${streams.lastBeatAt} <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: streams.id });
  return ended.map((e) => e.id);
}

/**
 * `POST /playback/start`: a player opens a lesson. Checks that the caller may watch it, registers this browser as
 * a device and starts a stream within the account's limits; answers the watermark's name and code and the first
 * key token. Seeks and quality switches are the same stream; a lesson change ends the old one (`replaces`). A
 * download (`offline`) of a course whose instalment plan is late or suspended is refused (`planDownloadRefusal`).
 */
export async function startPlayback(
  ctx: Ctx,
  caller: PlaybackCaller,
  body: { courseId: number; seriesId: number; deviceId: string; replaces?: string; offline?: boolean },
  now = new Date(),
): Promise<TPlayback> {
  const lesson = await lessonForPlayback(ctx.db, body.courseId, body.seriesId);
  if (!lesson) return notFound('This lesson is not part of the course.');
  if (body.offline && caller.account?.role === 'user') {
    const refusal = planDownloadRefusal(await latestPlanStatus(ctx.db, caller.account.id, body.courseId));
    if (refusal) return forbidden(refusal);
  }
  if (!(await mayFetchMedia(ctx.db, lesson.videoRef, caller.account?.id ?? 0)))
    return forbidden('Buy this course to watch this lesson.');
  if (lesson.videoStatus !== 'ready' || !lesson.hlsPrefix)
    return conflict('This video is still being prepared. Try again in a few minutes.', 'not_ready');
  const hash = deviceHash(body.deviceId);
  const account = caller.account;
  const ended: string[] = [];
  const stream = await ctx.db.transaction(async (tx) => {
    let deviceId: number | null = null;
    if (account) {
      await lockAccount(tx, account.id);
      deviceId = await registerDevice(tx, ctx, account, hash, caller.userAgent, now);
      if (body.replaces) {
        const replaced = await tx
          .update(streams)
          .set({ endedAt: now, endReason: 'stopped' })
          .where(
            and(eq(streams.id, body.replaces), eq(streams.accountId, account.id), isNull(streams.endedAt)),
          )
          .returning({ id: streams.id });
        ended.push(...replaced.map((r) => r.id));
      }
      ended.push(...(await expireStale(tx, account.id, now)));
      const max = ctx.config.protection.maxStreams;
      if (isLimited(account) && (await liveStreams(tx, account.id, now, STREAM_EXPIRY_SECONDS)).length >= max)
        conflict(streamLimitMessage(max), 'stream_limit');
    }
    const row = {
      id: randomBytes(18).toString('base64url'),
      code: newCode(),
      accountId: account?.id ?? null,
      sessionId: caller.sessionId,
      deviceId,
      deviceHash: hash,
      seriesId: lesson.seriesId,
      hlsPrefix: lesson.hlsPrefix!,
      network: networkOf(caller.ip),
      startedAt: now,
      lastBeatAt: now,
    };
    await tx.insert(streams).values(row);
    return row;
  });
  await ctx.liveStreams.drop(ended.map(streamTag.stream));
  // Key requests for this stream are answered from the table (routes/media/keys.ts) until something drops it.
  if (caller.since !== null)
    ctx.liveStreams.add(
      {
        id: stream.id,
        accountId: stream.accountId,
        accountRole: account?.role ?? null,
        sessionId: stream.sessionId,
        deviceId: stream.deviceId,
        deviceHash: stream.deviceHash,
        ladder: stream.hlsPrefix.slice('hls/'.length),
        lastBeatAt: now.getTime(),
        checkedAt: now.getTime(),
      },
      caller.since,
    );
  return {
    streamId: stream.id,
    code: stream.code,
    keyToken: keyToken(ctx, caller, stream),
    viewer: watermarkName(account),
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
}

/** The caller's own stream on this browser, or a 404. */
async function ownStream(db: Db | Tx, caller: PlaybackCaller, streamId: string, deviceKey: string) {
  const row = await streamById(db, streamId);
  if (!row || row.accountId !== (caller.account?.id ?? null) || row.deviceHash !== deviceHash(deviceKey))
    return notFound('This playback is not on this device.');
  return row;
}

const ENDED_MESSAGES: Record<string, string> = {
  ended: 'This video was stopped so that it could play on another device.',
  expired: 'This video stopped because the connection was lost. Play it again.',
  stopped: 'This video was stopped. Play it again.',
};

/**
 * `POST /playback/beat`, every 30 s while the player is open: keeps the stream alive and answers a fresh key
 * token. A stream that ended (by the account, its device's removal, or 90 s without a beat) is refused.
 */
export async function beatPlayback(
  ctx: Ctx,
  caller: PlaybackCaller,
  body: { streamId: string; deviceId: string },
  now = new Date(),
): Promise<TPlayback> {
  const row = await ownStream(ctx.db, caller, body.streamId, body.deviceId);
  if (!row.endedAt && now.getTime() - row.lastBeatAt.getTime() > STREAM_EXPIRY_SECONDS * 1000) {
    await ctx.db
      .update(streams)
      .set({
        endedAt: new Date(row.lastBeatAt.getTime() + STREAM_EXPIRY_SECONDS * 1000),
        endReason: 'expired',
      })
      .where(and(eq(streams.id, row.id), isNull(streams.endedAt)));
    await ctx.liveStreams.drop([streamTag.stream(row.id)]);
    return conflict(ENDED_MESSAGES.expired!, 'stream_ended');
  }
  if (row.endedAt) {
    if (row.endReason === 'removed') return forbidden(DEVICE_REMOVED_MESSAGE);
    return conflict(ENDED_MESSAGES[row.endReason ?? 'stopped'] ?? ENDED_MESSAGES.stopped!, 'stream_ended');
  }
  await ctx.db.update(streams).set({ lastBeatAt: now }).where(eq(streams.id, row.id));
  // The beat's sign-in and the stream were just read again: its entry, when held, counts from now.
  if (caller.since !== null) ctx.liveStreams.refresh(row.id, now.getTime(), caller.since);
  return {
    streamId: row.id,
    code: row.code,
    keyToken: keyToken(ctx, caller, row),
    viewer: watermarkName(caller.account),
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
}

/** `POST /playback/stop`: the player closed (its place is free at once). */
export async function stopPlayback(
  ctx: Ctx,
  caller: PlaybackCaller,
  body: { streamId: string; deviceId: string },
  now = new Date(),
): Promise<void> {
  const row = await ownStream(ctx.db, caller, body.streamId, body.deviceId);
  await ctx.db
    .update(streams)
    .set({ endedAt: now, endReason: 'stopped' })
    .where(and(eq(streams.id, row.id), isNull(streams.endedAt)));
  await ctx.liveStreams.drop([streamTag.stream(row.id)]);
}

/** `POST /playback/end-oldest`: the refusal's button ends the account's oldest live stream (404 when none). */
export async function endOldestStream(ctx: Ctx, account: Account, now = new Date()): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const expired = await expireStale(tx, account.id, now);
    const [oldest] = await liveStreams(tx, account.id, now, STREAM_EXPIRY_SECONDS);
    if (!oldest) return notFound('Nothing is playing on your other devices now.');
    await tx.update(streams).set({ endedAt: now, endReason: 'ended' }).where(eq(streams.id, oldest.id));
    return [...expired, oldest.id];
  });
  await ctx.liveStreams.drop(ended.map(streamTag.stream));
}

/** `POST /playback/tamper`: the player saw its watermark removed or hidden (it paused); recorded on the stream. */
export async function reportTamper(
  ctx: Ctx & Pick<AppContext, 'log'>,
  caller: PlaybackCaller,
  body: { streamId: string; deviceId: string; what: string },
  now = new Date(),
): Promise<void> {
  const row = await ownStream(ctx.db, caller, body.streamId, body.deviceId);
  await ctx.db.update(streams).set({ tamperedAt: now }).where(eq(streams.id, row.id));
  ctx.log.warn({ stream: row.code, account: row.accountId, what: body.what }, 'watermark tampered with');
}

/**
 * `POST /device/remove`: the device leaves the account's list (a place is free), its streams end, the sessions that
 * played on it are signed out, and it gets no key again: its downloads are deleted when it next connects.
 */
export async function removeDevice(
  ctx: Ctx,
  account: Account,
  id: number,
  origin: AuditOrigin,
  now = new Date(),
) {
  const sessionIds = await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(devices)
      .set({ removedAt: now })
      .where(and(eq(devices.id, id), eq(devices.accountId, account.id), isNull(devices.removedAt)))
      .returning({ id: devices.id, name: devices.name });
    if (!removed) return notFound('This device is not on your account.');
    const played = await tx
      .update(streams)
      .set({
        endedAt: sql`coalesce(${streams.endedAt}, ${now.toISOString()}::timestamptz)`,
        endReason: sql`coalesce(${streams.endReason}, 'removed')`,
      })
      .where(eq(streams.deviceId, id))
      .returning({ sessionId: streams.sessionId });
    const sessionIds = [...new Set(played.map((p) => p.sessionId).filter((s): s is string => !!s))];
    if (sessionIds.length)
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            inArray(sessions.id, sessionIds),
            eq(sessions.accountId, account.id),
            isNull(sessions.revokedAt),
          ),
        );
    await audit(
      tx,
      {
        actor: account,
        action: 'device.remove',
        subjectType: 'device',
        subjectId: id,
        details: { name: removed.name, sessionsEnded: sessionIds.length },
      },
      origin,
    );
    return sessionIds;
  });
  // Its streams, and those of the sessions signed out with it, get no key again on any instance.
  await ctx.liveStreams.drop([streamTag.device(id), ...sessionIds.map(streamTag.session)]);
}
