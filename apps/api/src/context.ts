import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CardWriter, CatalogueCache, LiveStreams } from './cache/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Worker } from './queue/queue.ts';
import type { WordStats } from './queries/search/word-stats.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { Storage } from './services/storage/storage.ts';
import type { PaymentProvider } from './services/payments/provider.ts';
import type { SignInThrottle } from './services/sign-in-throttle.ts';

/** Everything a route or command needs from the outside world; built once at start (or per test). */
export type AppContext = {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** Set when REDIS_URL is configured; shared state across instances. */
  redis: Redis | null;
  /** Failed sign-ins and reset codes per account (in Redis when set, otherwise in this instance's memory). */
  signIn: SignInThrottle;
  /** This instance's job worker once the server is ready (null when JOB_WORKER=false or before start). */
  worker: Worker | null;
  /** The public catalogue's answer cache; commands invalidate it after their writes commit. */
  cache: CatalogueCache;
  /** The streams playing through this instance, for key requests (cache/live-streams.ts). */
  liveStreams: LiveStreams;
  /** Stores the course cards guests' reads built (cache/cards.ts). */
  cards: CardWriter;
  /** How common the courses' words are, for search (queries/search/word-stats.ts). */
  wordStats: WordStats;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
