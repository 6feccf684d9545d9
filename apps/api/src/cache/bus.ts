import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The channel (PostgreSQL NOTIFY channel or Redis pub/sub channel) invalidations travel on. */
export const INVALIDATION_CHANNEL = 'devlearn_cache_invalidate';

/**
 * An invalidation as it travels between instances: tags (of the answer cache, or of another per-instance table
 * named by `scope`), or `all` after a lost connection.
 */
export type Invalidation = { origin: string; tags: string[]; scope?: string } | { origin: string; all: true };

/** Subscribes to a PostgreSQL channel; resolves to the unsubscribe function. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * Carries invalidations to the other instances: Redis pub/sub when REDIS_URL is set, otherwise PostgreSQL
 * LISTEN/NOTIFY (a server's dedicated connection, or PGlite's in-process listeners). Messages from this instance
 * come back too and are ignored by `origin`: the instance already invalidated before publishing.
 */
export class InvalidationBus {
  readonly origin = randomUUID();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly deps: { db: Db; redis: Redis | null; listen?: Listen; log: FastifyBaseLogger },
    private readonly receive: (msg: Invalidation) => void,
  ) {}

  async start(): Promise<void> {
    const onPayload = (payload: string) => {
      if (payload === '') return this.receive({ origin: '', all: true }); // reconnected: may have missed some
      try {
        const msg = JSON.parse(payload) as Invalidation;
        if (msg.origin !== this.origin) this.receive(msg);
      } catch (err) {
        this.deps.log.warn({ err }, 'unreadable cache invalidation');
      }
    };
    const { redis, listen } = this.deps;
    if (redis) {
      const sub = redis.duplicate();
      sub.on('error', (err) => this.deps.log.warn({ err }, 'redis subscriber error'));
      // A subscriber that reconnects may have missed messages: forget everything rather than serve stale answers.
      sub.on('ready', () => this.receive({ origin: '', all: true }));
      sub.on('message', (_channel: string, payload: string) => onPayload(payload));
      // Not awaited: a Redis that is down must not hold up the start (ioredis subscribes once it connects).
      sub
        .subscribe(INVALIDATION_CHANNEL)
        .catch((err) => this.deps.log.warn({ err }, 'redis subscribe failed'));
      this.stop = async () => {
        sub.disconnect();
      };
    } else if (listen) {
      this.stop = await listen(INVALIDATION_CHANNEL, onPayload);
    }
  }

  async publish(tags: string[] | 'all', scope?: string): Promise<void> {
    const msg: Invalidation =
      tags === 'all' ? { origin: this.origin, all: true } : { origin: this.origin, tags, scope };
    let payload = JSON.stringify(msg);
    // NOTIFY payloads stop at 8000 bytes; a very wide invalidation becomes "everything".
    if (payload.length > 7000) payload = JSON.stringify({ origin: this.origin, all: true });
    try {
      if (this.deps.redis) await this.deps.redis.publish(INVALIDATION_CHANNEL, payload);
      else await this.deps.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
    } catch (err) {
      // The write is committed; the other instances catch up when their own subscription reconnects.
      this.deps.log.error({ err }, 'could not publish a cache invalidation');
    }
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}
