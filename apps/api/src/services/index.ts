import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.ts';
import { createPaymentProvider, type PaymentProvider } from './payments/provider.ts';
import { createStorage } from './storage/factory.ts';
import type { Storage } from './storage/storage.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

/** The outside world as the app context holds it. */
export type Services = {
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider;
  redis: Redis | null;
  signIn: SignInThrottle;
};

/**
 * Builds the outside-world services from configuration. Clients of services that are not configured (S3, Redis)
 * are never loaded: a default start-up skips their modules.
 */
export async function createServices(config: Config, db: Db, log: FastifyBaseLogger): Promise<Services> {
  const redis = config.redisUrl ? (await import('./redis.ts')).createRedis(config.redisUrl, log) : null;
  return {
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, log),
    storage: await createStorage(config),
    payments: createPaymentProvider(config, db),
    redis,
    signIn: new SignInThrottle(redis, log),
  };
}
