// D-23: one Redis connection per instance for shared counters (rate limits) and readiness, when
// REDIS_URL is set. It fails fast while Redis is away (no offline queue, short timeouts) so a
// request never waits on it; callers fall back to what they can do alone.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent without REDIS_URL. */
    redis: Redis | undefined;
    /** 'off' without REDIS_URL; 'ok' when a PING answers within half a second. */
    redisHealth(): Promise<'ok' | 'down' | 'off'>;
  }
}

export const REDIS_COMMAND_TIMEOUT_MS = 500;

export const redisPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'> }) => {
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          keyPrefix: config.redisKeyPrefix,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
          // Commands issued in the same tick (every request counts a rate-limit hit) leave in one
          // write: under load a socket write per command cost more than Redis's own work.
          enableAutoPipelining: true,
          connectTimeout: 2_000,
          // Keep trying to come back, at most every 2 s.
          retryStrategy: (times) => Math.min(times * 100, 2_000),
        })
      : undefined;
    let lastError = '';
    redis?.on('error', (error: Error) => {
      // Once per distinct failure, not once per retry.
      if (error.message !== lastError) app.log.warn({ err: error.message }, 'redis unavailable');
      lastError = error.message;
    });
    redis?.on('ready', () => {
      if (lastError) app.log.info('redis available again');
      lastError = '';
    });
    app.decorate('redis', redis);
    app.decorate('redisHealth', async () => {
      if (!redis) return 'off' as const;
      if (redis.status !== 'ready') return 'down' as const;
      try {
        return (await redis.ping()) === 'PONG' ? ('ok' as const) : ('down' as const);
      } catch {
        return 'down' as const;
      }
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  },
);
