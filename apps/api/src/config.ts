import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const MB = 1024 * 1024;
const unset = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  z.preprocess(unset, schema.prefault(value as never));
const bool = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');
const bytes = z.coerce.number({ error: 'must be a number of bytes' }).int().positive('must be more than 0');
const httpUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an http(s) URL, for example http://localhost:3000',
});

/** Every setting comes from the environment; see .env.example. */
const ZEnv = z.object({
  PORT: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535), 3000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  PUBLIC_URL: optional(httpUrl),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAIL: withDefault(z.email('must be an email address'), 'admin@devlearn.ng'),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  DEMO_DATA: withDefault(bool, 'true'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: withDefault(z.string().min(3), 'DevLearn <no-reply@devlearn.ng>'),
  CORS_ORIGINS: optional(z.string()),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  PAYSTACK_SECRET_KEY: optional(
    z.string().regex(/^sk_(test|live)_/, 'must be a Paystack secret key (sk_test_… or sk_live_…)'),
  ),
  PAYSTACK_BASE_URL: withDefault(httpUrl, 'https://api.paystack.co'),
  PLATFORM_FEE_PERCENT: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0).max(100), 20),
  REFERRAL_FEE_PERCENT: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0).max(100), 3),
  REFERRAL_DAYS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(1).max(365), 7),
  PAYSTACK_FEE_BEARER: withDefault(z.enum(['account', 'subaccount']), 'account'),
  PAYOUT_HOLD_HOURS: withDefault(z.coerce.number({ error: 'must be a number' }).min(0).max(2160), 24),
  PAYOUT_MINIMUM_NAIRA: withDefault(z.coerce.number({ error: 'must be a number' }).min(0), 1000),
  SANDBOX_CONFIRM_DELAY_MS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0), 5000),
  SANDBOX_TEST_HOOKS: withDefault(bool, 'false'),
  REFUND_DAYS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0).max(365), 14),
  REFUND_MAX_WATCHED_PERCENT: withDefault(
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(100),
    30,
  ),
  JITSI_URL: optional(httpUrl),
  JITSI_APP_ID: optional(z.string().min(1)),
  JITSI_APP_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  JITSI_AUDIENCE: withDefault(z.string().min(1), 'jitsi'),
  BBB_URL: optional(httpUrl),
  BBB_SECRET: optional(z.string().min(8, 'must be at least 8 characters')),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(httpUrl),
  S3_REGION: withDefault(z.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: withDefault(bool, 'true'),
  MAX_IMAGE_BYTES: withDefault(bytes, String(10 * MB)),
  MAX_VIDEO_BYTES: withDefault(bytes, String(2048 * MB)),
  MAX_RESOURCE_BYTES: withDefault(bytes, String(100 * MB)),
  AUTH_RATE_LIMIT: withDefault(z.coerce.number().int().positive(), 100),
  REQUIRE_ADMIN_2FA: optional(bool),
  JOB_WORKER: withDefault(bool, 'true'),
  FFMPEG_PATH: optional(z.string()),
  DB_TIMEOUT_MS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(100).max(60_000), 5000),
  DB_POOL_SIZE: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(1).max(100), 4),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  CACHE_MAX_MB: withDefault(z.coerce.number().min(0), 24),
  TRUST_PROXY: optional(z.string()),
  METRICS_PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535)),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  MAX_DEVICES: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(1).max(50), 3),
  MAX_STREAMS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(1).max(50), 2),
  SHARING_IP_LIMIT: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000), 5),
  HLS_KEY_ROTATION_SEGMENTS: withDefault(z.coerce.number({ error: 'must be a number' }).int().min(0), 0),
  LEGACY_MP4_LINKS: withDefault(bool, 'true'),
  MEDIA_ACCEL_REDIRECT: optional(
    z.string().regex(/^\/([\w.-]+\/)+$/, 'must be an nginx location path such as /protected-media/'),
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PUBLIC_URL, or `http://localhost:PORT` when it is unset (then links for a browser follow its Host). */
  publicUrl: string;
  /** PUBLIC_URL was set: every address this server gives out is built on it, whatever a request's Host says. */
  publicUrlSet: boolean;
  jwtSecret: string;
  adminEmail: string;
  adminPassword?: string;
  demoData: boolean;
  smtpUrl?: string;
  mailFrom: string;
  corsOrigins: string[];
  logLevel: string;
  paystack: { secretKey?: string; baseUrl: string };
  /** Tutors' money (docs/payments.md, "The money flow"). */
  payouts: {
    /** The platform's whole-percent share of each course price. */
    platformFeePercent: number;
    /** Who bears Paystack's fee on a split payment: the platform (`account`) or the tutors (`subaccount`). */
    feeBearer: 'account' | 'subaccount';
    /** No payout and no split to a payout account for this long after it is set or changed. */
    holdHours: number;
    /** The smallest owed balance an admin pays out, in kobo. */
    minimumKobo: number;
  };
  /**
   * Tutors' referral links (docs/payments.md, "Referral links"): a visit through a link attributes a purchase of
   * that course for `days`, and such a sale's platform fee is `feePercent` (never more than PLATFORM_FEE_PERCENT).
   */
  referrals: { days: number; feePercent: number };
  /** How long the sandbox waits before it confirms a transfer or USSD payment (and a refund) by webhook. */
  sandboxConfirmDelayMs: number;
  /**
   * The sandbox's test calls (`/sandbox/test/*`: the plans' clock, a saved card's funds) for end-to-end tests;
   * never with a Paystack key (docs/payments.md, "The sandbox's test calls").
   */
  sandboxTestHooks: boolean;
  /** The refund rule: within `days` of payment, having watched less than `maxWatchedPercent` of the course. */
  refunds: { days: number; maxWatchedPercent: number };
  /** Live-class engines (services/live/): each is offered only when configured; a pasted link always is. */
  live: {
    jitsi?: { url: string; appId: string; appSecret: string; audience: string };
    bbb?: { url: string; secret: string };
  };
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  limits: { imageBytes: number; videoBytes: number; resourceBytes: number };
  /** Login, OTP and reset calls allowed per client per minute. */
  authRateLimit: number;
  /** An admin without two-factor sign-in must turn it on before any other admin call. */
  requireAdmin2fa: boolean;
  /** Shared counters and cross-instance messages live in Redis when set. */
  redisUrl?: string;
  /** This instance runs background jobs (transcoding, emails); false leaves them to other instances. */
  jobWorker: boolean;
  /** A system ffmpeg to use instead of the one that comes with npm install. */
  ffmpegPath?: string;
  /** Byte budget of the public answer cache (0 turns it off). */
  cacheMaxBytes: number;
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For), as Fastify's `trustProxy` takes it: false
   * (default), true, or a comma-separated list of addresses/CIDRs such as `127.0.0.1`.
   */
  trustProxy: boolean | string;
  /** nginx `internal` location that serves DATA_DIR/media: protected files are answered with X-Accel-Redirect. */
  mediaAccelRedirect?: string;
  /** Protected video (docs/media.md, "What is protected"): the limits of one account and the keys' rotation. */
  protection: {
    /** Devices an account may watch on (downloads count too). */
    maxDevices: number;
    /** Videos an account may play at once. */
    maxStreams: number;
    /** More networks than this in a day flags an account in the sharing report. */
    sharingNetworkLimit: number;
    /** A new AES-128 key every this many segments of a ladder; 0: one key per lesson. */
    keyRotationSegments: number;
    /** Students' spec clients on CORS_ORIGINS still get the MP4 `videoLink`. */
    legacyMp4Links: boolean;
  };
  /** Longest wait for the database (connect or query) before a call answers 503. */
  dbTimeoutMs: number;
  /** Connections this instance keeps to a PostgreSQL server (DATABASE_URL). */
  dbPoolSize: number;
  /** `GET /metrics` on a listener of its own at this port (0: any free port), instead of the main port. */
  metricsPort?: number;
  /** Without METRICS_PORT, `GET /metrics` on the main port answers only `Authorization: Bearer <this>`. */
  metricsToken?: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: must be set when DATABASE_URL is set. Every instance that shares the ' +
        'database must sign and check tokens with the same secret; a secret generated into one DATA_DIR would make ' +
        'the tokens of one instance fail on the others. Generate one with `openssl rand -base64 48`.',
    );
  }
  if (e.SANDBOX_TEST_HOOKS && e.PAYSTACK_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SANDBOX_TEST_HOOKS: only the sandbox has test calls; unset it, or unset ' +
        'PAYSTACK_SECRET_KEY to use the sandbox.',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, '') },
    payouts: {
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      feeBearer: e.PAYSTACK_FEE_BEARER,
      holdHours: e.PAYOUT_HOLD_HOURS,
      minimumKobo: Math.round(e.PAYOUT_MINIMUM_NAIRA * 100),
    },
    referrals: { days: e.REFERRAL_DAYS, feePercent: e.REFERRAL_FEE_PERCENT },
    sandboxConfirmDelayMs: e.SANDBOX_CONFIRM_DELAY_MS,
    sandboxTestHooks: e.SANDBOX_TEST_HOOKS,
    refunds: { days: e.REFUND_DAYS, maxWatchedPercent: e.REFUND_MAX_WATCHED_PERCENT },
    live: {
      ...(e.JITSI_URL && e.JITSI_APP_ID && e.JITSI_APP_SECRET
        ? {
            jitsi: {
              url: e.JITSI_URL.replace(/\/+$/, ''),
              appId: e.JITSI_APP_ID,
              appSecret: e.JITSI_APP_SECRET,
              audience: e.JITSI_AUDIENCE,
            },
          }
        : {}),
      ...(e.BBB_URL && e.BBB_SECRET
        ? { bbb: { url: e.BBB_URL.replace(/\/+$/, ''), secret: e.BBB_SECRET } }
        : {}),
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    limits: {
      imageBytes: e.MAX_IMAGE_BYTES,
      videoBytes: e.MAX_VIDEO_BYTES,
      resourceBytes: e.MAX_RESOURCE_BYTES,
    },
    authRateLimit: e.AUTH_RATE_LIMIT,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA ?? false,
    redisUrl: e.REDIS_URL,
    jobWorker: e.JOB_WORKER,
    ffmpegPath: e.FFMPEG_PATH,
    cacheMaxBytes: Math.round(e.CACHE_MAX_MB * MB),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mediaAccelRedirect: e.MEDIA_ACCEL_REDIRECT,
    protection: {
      maxDevices: e.MAX_DEVICES,
      maxStreams: e.MAX_STREAMS,
      sharingNetworkLimit: e.SHARING_IP_LIMIT,
      keyRotationSegments: e.HLS_KEY_ROTATION_SEGMENTS,
      legacyMp4Links: e.LEGACY_MP4_LINKS,
    },
    dbTimeoutMs: e.DB_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** The signing secret is generated once and kept in the data directory, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
