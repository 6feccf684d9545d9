import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { signInThrottles } from '../lib/metrics.ts';

/** Failures of one account that are remembered (a sliding window). */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** The failure within the window that starts the backoff. */
export const THROTTLE_FREE_FAILURES = 5;
/** The first pause; each further failure doubles it, up to THROTTLE_MAX_PAUSE_MS. */
export const THROTTLE_FIRST_PAUSE_MS = 30 * 1000;
export const THROTTLE_MAX_PAUSE_MS = 15 * 60 * 1000;

/** How long an account waits after `failures` failures within the window (0 before the 5th). */
export function pauseAfter(failures: number): number {
  if (failures < THROTTLE_FREE_FAILURES) return 0;
  return Math.min(THROTTLE_FIRST_PAUSE_MS * 2 ** (failures - THROTTLE_FREE_FAILURES), THROTTLE_MAX_PAUSE_MS);
}

/** "45 seconds", "2 minutes": how a person is told when to try again. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The failure times (ms) of one key within the window, oldest first. */
interface FailureStore {
  failures(key: string, now: number): Promise<number[]>;
  add(key: string, now: number): Promise<number[]>;
  clear(key: string): Promise<void>;
}

class MemoryStore implements FailureStore {
  private readonly times = new Map<string, number[]>();
  async failures(key: string, now: number) {
    const kept = (this.times.get(key) ?? []).filter((t) => t > now - THROTTLE_WINDOW_MS);
    if (kept.length) this.times.set(key, kept);
    else this.times.delete(key);
    return kept;
  }
  async add(key: string, now: number) {
    const kept = [...(await this.failures(key, now)), now];
    this.times.set(key, kept);
    // Bound the memory a flood of made-up logins can take: forget the stalest keys first.
    if (this.times.size > 100_000) this.times.delete(this.times.keys().next().value!);
    return kept;
  }
  async clear(key: string) {
    this.times.delete(key);
  }
}

/** One sorted set per key (member and score: the failure time), so every instance sees the same failures. */
class RedisStore implements FailureStore {
  constructor(private readonly redis: Redis) {}
  private name = (key: string) => `devlearn:signin:${key}`;
  async failures(key: string, now: number) {
    const [, [, scores]] = (await this.redis
      .multi()
      .zremrangebyscore(this.name(key), '-inf', now - THROTTLE_WINDOW_MS)
      .zrange(this.name(key), 0, -1, 'WITHSCORES')
      .exec()) as [unknown, [unknown, string[]]];
    return scores.filter((_, i) => i % 2 === 1).map(Number);
  }
  async add(key: string, now: number) {
    const name = this.name(key);
    // A random suffix keeps two failures in the same millisecond (two instances) apart.
    await this.redis
      .multi()
      .zadd(name, now, `${now}:${Math.random().toString(36).slice(2, 10)}`)
      .pexpire(name, THROTTLE_WINDOW_MS)
      .exec();
    return this.failures(key, now);
  }
  async clear(key: string) {
    await this.redis.del(this.name(key));
  }
}

/**
 * Counts failed sign-ins (and failed reset codes) per account, whatever the client's address: after the 5th
 * failure within 15 minutes the account pauses for 30 s, and each further failure doubles the pause (up to 15
 * minutes). During a pause no password is checked. A success clears the account's failures. With Redis the
 * failures are shared by every instance; when Redis does not answer, this instance's memory counts meanwhile.
 */
export class SignInThrottle {
  private readonly memory = new MemoryStore();
  private readonly shared: FailureStore | null;
  /** The clock (tests move it forward instead of waiting out a pause). */
  now: () => number = Date.now;

  constructor(
    redis: Redis | null,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.shared = redis ? new RedisStore(redis) : null;
  }

  private async use<T>(work: (store: FailureStore) => Promise<T>): Promise<T> {
    if (!this.shared) return work(this.memory);
    try {
      return await work(this.shared);
    } catch (err) {
      this.log?.warn({ err }, 'sign-in throttle: Redis unavailable, counting in memory');
      return work(this.memory);
    }
  }

  /** Milliseconds `key` must still wait (0: it may try now). */
  async waitFor(key: string): Promise<number> {
    const now = this.now();
    const times = await this.use((s) => s.failures(key, now));
    const wait = pausedFor(times, now);
    if (wait) signInThrottles.inc();
    return wait;
  }

  /** Records a failure; answers how long `key` must now wait (0 while under the free failures). */
  async fail(key: string): Promise<number> {
    const now = this.now();
    const times = await this.use((s) => s.add(key, now));
    const pause = pausedFor(times, now);
    if (pause) signInThrottles.inc();
    return pause;
  }

  async succeed(key: string): Promise<void> {
    await this.use((s) => s.clear(key));
  }
}

function pausedFor(times: number[], now: number): number {
  const last = times.at(-1);
  if (last === undefined) return 0;
  return Math.max(0, last + pauseAfter(times.length) - now);
}
