import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses, media, sections, series } from '../db/schema.ts';
import { devices, streams } from '../db/schema-protection.ts';
import { sessions } from '../db/schema-trust.ts';
import { prepared } from '../db/prepared.ts';

/** A lesson as playback needs it: its course, its video and the video's ladder. */
export async function lessonForPlayback(db: Db, courseId: number, seriesId: number) {
  const [row] = await db
    .select({
      seriesId: series.id,
      videoRef: series.videoRef,
      hlsPrefix: media.hlsPrefix,
      videoStatus: media.videoStatus,
      encrypted: sql<boolean>`${media.hlsKeys} is not null`,
    })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .leftJoin(media, eq(media.key, series.videoRef))
    .where(and(eq(series.id, seriesId), eq(sections.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** The account's device with this id hash (removed ones too). */
export async function deviceByHash(db: Db | Tx, accountId: number, keyHash: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.keyHash, keyHash)))
    .limit(1);
  return row ?? null;
}

export async function liveDeviceCount(db: Db | Tx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), isNull(devices.removedAt)));
  return row?.n ?? 0;
}

/** The account's streams still alive at `now` (a beat within `expirySeconds`), oldest first. */
export async function liveStreams(db: Db | Tx, accountId: number, now: Date, expirySeconds: number) {
  return db
    .select({ id: streams.id, deviceId: streams.deviceId, startedAt: streams.startedAt })
    .from(streams)
    .where(
      and(
        eq(streams.accountId, accountId),
        isNull(streams.endedAt),
        gt(streams.lastBeatAt, new Date(now.getTime() - expirySeconds * 1000)),
      ),
    )
    .orderBy(asc(streams.startedAt), asc(streams.id));
}

export async function streamById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(streams).where(eq(streams.id, id)).limit(1);
  return row ?? null;
}

/** What a key request needs in one round trip: the stream, its device's removal and the ladder's sealed keys. */
export async function keyContext(db: Db, streamId: string) {
  const [row] = await prepared(db, 'key_context', () =>
    db
      .select({
        accountId: streams.accountId,
        sessionId: streams.sessionId,
        deviceId: streams.deviceId,
        deviceHash: streams.deviceHash,
        hlsPrefix: streams.hlsPrefix,
        endedAt: streams.endedAt,
        lastBeatAt: streams.lastBeatAt,
        deviceRemovedAt: devices.removedAt,
        // The account and the session the stream plays under, read in the same statement: a key is one read.
        accountRole: accounts.role,
        accountDeletedAt: accounts.deletedAt,
        sessionRevokedAt: sessions.revokedAt,
        sessionFound: sql<boolean>`${sessions.id} is not null`,
      })
      .from(streams)
      .leftJoin(devices, eq(devices.id, streams.deviceId))
      .leftJoin(accounts, eq(accounts.id, streams.accountId))
      .leftJoin(sessions, and(eq(sessions.id, streams.sessionId), eq(sessions.accountId, streams.accountId)))
      .where(eq(streams.id, sql.placeholder('id')))
      .limit(1)
      .prepare('key_context'),
  ).execute({ id: streamId });
  return row ?? null;
}

/** The sealed keys of the ladder stored under `hlsPrefix` (null: a plain ladder, or none). */
export async function ladderKeys(db: Db, hlsPrefix: string): Promise<string | null> {
  const [row] = await db
    .select({ hlsKeys: media.hlsKeys })
    .from(media)
    .where(eq(media.hlsPrefix, hlsPrefix))
    .limit(1);
  return row?.hlsKeys ?? null;
}

/** The account's live devices, newest first, with whether a stream is playing on each at `now`. */
export async function accountDevices(db: Db, accountId: number, now: Date, expirySeconds: number) {
  const since = new Date(now.getTime() - expirySeconds * 1000);
  return db
    .select({
      id: devices.id,
      keyHash: devices.keyHash,
      name: devices.name,
      createdAt: devices.createdAt,
      lastSeenAt: devices.lastSeenAt,
      // Written out: inside a single-table select drizzle leaves column names unqualified.
      watching: sql<boolean>`exists (select 1 from streams s where s.device_id = devices.id
        and s.ended_at is null and s.last_beat_at > ${since.toISOString()}::timestamptz)`,
    })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), isNull(devices.removedAt)))
    .orderBy(desc(devices.lastSeenAt), desc(devices.id));
}

/** A watermark's code → who, where and when (an admin tracing a leaked recording). */
export async function streamByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      code: streams.code,
      accountId: streams.accountId,
      email: accounts.email,
      fullName: accounts.fullName,
      deviceId: streams.deviceId,
      deviceName: devices.name,
      courseTitle: courses.title,
      lessonTitle: series.title,
      network: streams.network,
      startedAt: streams.startedAt,
      lastBeatAt: streams.lastBeatAt,
      endedAt: streams.endedAt,
      tamperedAt: streams.tamperedAt,
    })
    .from(streams)
    .leftJoin(accounts, eq(accounts.id, streams.accountId))
    .leftJoin(devices, eq(devices.id, streams.deviceId))
    .leftJoin(series, eq(series.id, streams.seriesId))
    .leftJoin(sections, eq(sections.id, series.sectionId))
    .leftJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(streams.code, code))
    .limit(1);
  return row ?? null;
}

/**
 * Accounts that played from more than `limit` networks in one day (Lagos time) within the last `days` days, the
 * most networks first.
 */
export async function sharingReport(db: Db, limit: number, days: number, now: Date) {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const day = sql<string>`to_char(${streams.startedAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;
  const networks = sql<number>`count(distinct ${streams.network})::int`;
  return db
    .select({
      accountId: accounts.id,
      email: accounts.email,
      fullName: accounts.fullName,
      day,
      networks,
      streams: sql<number>`count(*)::int`,
    })
    .from(streams)
    .innerJoin(accounts, eq(accounts.id, streams.accountId))
    .where(and(isNotNull(streams.network), gt(streams.startedAt, since)))
    .groupBy(accounts.id, accounts.email, accounts.fullName, day)
    .having(sql`${networks} > ${limit}`)
    .orderBy(desc(networks), desc(day), asc(accounts.id));
}

/** The admin's view of the upgrade: ready ladders in all, encrypted, and still plain. */
export async function encryptionProgress(
  db: Db,
): Promise<{ total: number; encrypted: number; plain: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, encrypted: sql<number>`count(${media.hlsKeys})::int` })
    .from(media)
    .where(and(eq(media.videoStatus, 'ready'), isNotNull(media.hlsPrefix)));
  const total = row?.total ?? 0;
  const encrypted = row?.encrypted ?? 0;
  return { total, encrypted, plain: total - encrypted };
}
