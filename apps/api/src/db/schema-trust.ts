import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts } from './schema.ts';

/**
 * A signed-in device: each token carries its session's id (`sid`), and a revoked session's tokens stop working at
 * once on every instance (the auth hook reads the session with the account).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    /** The IP's first parts only (e.g. 102.89.x.x), for a coarse place. */
    ipPrefix: text('ip_prefix'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId, t.lastSeenAt)],
);

/** Two-factor sign-in (TOTP, RFC 6238) of a staff account. */
export const twoFactor = pgTable('two_factor', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** Base32 secret, encrypted at rest with the app's key. */
  secret: text('secret').notNull(),
  enabledAt: timestampTz('enabled_at'),
  /** The last time step a code was accepted for: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serialId(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/** A user's data export (NDPA 2023): built by a job, downloadable for 7 days. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serialId(),
    accountId: accountRef('account_id', { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    readyAt: timestampTz('ready_at'),
    expiresAt: timestampTz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_account_idx').on(t.accountId, t.createdAt)],
);
