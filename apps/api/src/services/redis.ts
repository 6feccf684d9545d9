import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one Redis connection of an instance (REDIS_URL), shared by rate limits, sign-in throttling and cache
 * invalidation; null without REDIS_URL, where each of those falls back to the database or memory.
 */
export function createRedis(url: string | undefined, log: FastifyBaseLogger): Redis | null {
  if (!url) return null;
  const redis = new Redis(url, {
    // Fail a command fast while Redis is away instead of queueing it without bound.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5000,
  });
  redis.on('error', (err) => log.warn({ err }, 'redis error'));
  return redis;
}
