import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { outboxMailer, smtpMailer } from './mail/mailer.ts';
import { createPaymentProvider } from './payments/provider.ts';
import { createStorage } from './storage/factory.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

/**
 * Builds the outside-world services from configuration. Clients of services that are not configured (S3, Redis)
 * are never loaded: a default start-up skips their modules.
 */
export async function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<Pick<AppContext, 'mailer' | 'storage' | 'payments' | 'redis' | 'signIn'>> {
  const redis = config.redisUrl ? (await import('./redis.ts')).createRedis(config.redisUrl, log) : null;
  return {
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, log),
    storage: await createStorage(config),
    payments: createPaymentProvider(config, db),
    redis,
    signIn: new SignInThrottle(redis, log),
  };
}
