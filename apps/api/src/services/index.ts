import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { outboxMailer, smtpMailer } from './mail/mailer.ts';
import { createPaymentProvider } from './payments/provider.ts';
import { createStorage } from './storage/storage.ts';

/** Builds the outside-world services from configuration. */
export function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Pick<AppContext, 'mailer' | 'storage' | 'payments'> {
  return {
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, log),
    storage: createStorage(config),
    payments: createPaymentProvider(config, db),
  };
}
