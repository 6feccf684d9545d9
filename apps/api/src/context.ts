import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { Storage } from './services/storage/storage.ts';
import type { PaymentProvider } from './services/payments/provider.ts';

/** Everything a route or command needs from the outside world; built once at start (or per test). */
export type AppContext = {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
