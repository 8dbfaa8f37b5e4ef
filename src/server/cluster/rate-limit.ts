import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { openShared } from './redis.js';

/** Options of @fastify/rate-limit that keep its counters in the shared Redis. */
export interface SharedCounters {
  redis: Redis;
  nameSpace: string;
  skipOnError: boolean;
  close(): Promise<void>;
}

/** How long a login waits for Redis to count it. */
const COUNT_TIMEOUT_MS = 1000;

/**
 * With REDIS_URL the login limiter counts in Redis, so attempts spread over several servers add
 * up to AUTH_RATE_LIMIT, not to that many on each; null without it (each server counts in its
 * own memory, which is right for one). Its own connection, unlike the shared one, gives up on a
 * command after a second: while Redis is away a login is let through uncounted (and the failure
 * logged) rather than left waiting or refused, since every family would be locked out.
 */
export function sharedCounters(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): SharedCounters | null {
  const shared = openShared(config);
  if (!shared) return null;
  const redis = shared.redis.duplicate({ maxRetriesPerRequest: 1, commandTimeout: COUNT_TIMEOUT_MS });
  redis.on('error', (e: Error) => console.error(`Redis (login limiter): ${e.message}`));
  return {
    redis,
    nameSpace: shared.key('login-limit:'),
    skipOnError: true,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
