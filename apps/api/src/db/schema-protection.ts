import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts } from './schema.ts';

/**
 * A device an account watches on (docs/media.md, "What is protected"): a browser's own random id (kept in its
 * storage), registered at its first play or download. At most MAX_DEVICES live ones per account; a removed one
 * gets no key again.
 */
export const devices = pgTable(
  'devices',
  {
    id: serialId(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    /** SHA-256 of the id the browser sends (the id itself is never stored). */
    keyHash: text('key_hash').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    removedAt: timestampTz('removed_at'),
  },
  (t) => [
    uniqueIndex('devices_account_key_idx').on(t.accountId, t.keyHash),
    index('devices_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * One playback (a stream): started when a player opens a lesson, kept alive by a heartbeat every 30 s, over after
 * 90 s without one. Its short `code` is shown in the watermark; a guest's (a free preview) has no account.
 */
export const streams = pgTable(
  'streams',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** SHA-256 of the browser's device id: what a key token is bound to, guests included. */
    deviceHash: text('device_hash').notNull(),
    seriesId: integer('series_id').notNull(),
    /** The ladder (`hls/<id>`) whose keys this stream may fetch. */
    hlsPrefix: text('hls_prefix').notNull(),
    /** The client's network (an IPv4 /24 or IPv6 /48), for the sharing report. */
    network: text('network'),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    lastBeatAt: timestampTz('last_beat_at').notNull().defaultNow(),
    endedAt: timestampTz('ended_at'),
    /** stopped (by its player), ended (by the account, to watch elsewhere), removed (its device), expired. */
    endReason: text('end_reason'),
    /** When its player reported the watermark removed or hidden. */
    tamperedAt: timestampTz('tampered_at'),
  },
  (t) => [
    index('streams_account_idx').on(t.accountId, t.startedAt),
    index('streams_started_idx').on(t.startedAt),
  ],
);
