import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * The connections to the Redis that several servers share (REDIS_URL). One server without it
 * keeps everything in its own process; with it, sockets, logged-out tokens, rate limits and jobs
 * are shared. Every key and channel starts with REDIS_PREFIX, so apps can share one Redis.
 */
export interface Shared {
  /** Commands (and publishing). */
  redis: Redis;
  /** A second connection: one that subscribes can send nothing else. */
  subscriber: Redis;
  /** `prefix:name`: a key or channel of this app. */
  key(name: string): string;
  prefix: string;
  url: string;
  close(): Promise<void>;
}

let current: Shared | null = null;

/**
 * Caches that can go stale (a school's module switches) are forgotten on every server: by name
 * here, told to the others on the `forget` channel. What a server forgets it reads again.
 */
const forgetters = new Map<string, (key: string) => void>();
export function onForget(kind: string, forget: (key: string) => void) {
  forgetters.set(kind, forget);
}
export async function forgetEverywhere(kind: string, key: string): Promise<void> {
  forgetters.get(kind)?.(key);
  if (current) await current.redis.publish(current.key('forget'), JSON.stringify({ kind, key }));
}

/** Opens the shared Redis once per process; null without REDIS_URL. */
export function openShared(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): Shared | null {
  if (!config.redisUrl) return null;
  if (current && current.url === config.redisUrl && current.prefix === config.redisPrefix) return current;
  // maxRetriesPerRequest null: a command waits for a reconnect instead of failing after a blip (BullMQ needs it too).
  const options = { maxRetriesPerRequest: null, lazyConnect: false } as const;
  const redis = new Redis(config.redisUrl, options);
  const subscriber = new Redis(config.redisUrl, options);
  for (const c of [redis, subscriber]) c.on('error', (e: Error) => console.error(`Redis: ${e.message}`));
  const prefix = config.redisPrefix;
  void subscriber.subscribe(`${prefix}:forget`).catch((e: Error) => console.error(`Redis: ${e.message}`));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== `${prefix}:forget`) return;
    try {
      const { kind, key } = JSON.parse(text) as { kind: string; key: string };
      forgetters.get(kind)?.(key);
    } catch { /* not ours */ }
  });
  const shared: Shared = {
    redis, subscriber, prefix, url: config.redisUrl,
    key: (name) => `${prefix}:${name}`,
    async close() {
      if (current === shared) current = null;
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
  current = shared;
  return shared;
}

/** The shared Redis this process opened, if any. */
export const sharedState = (): Shared | null => current;
