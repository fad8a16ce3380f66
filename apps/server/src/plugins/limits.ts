// Abuse limits. `app.limiter(name, ...)` makes a preHandler that answers 429 RATE_LIMITED past
// `max` requests per key in the window. With REDIS_URL the counters live in Redis, shared by every
// instance, and fall back to memory while Redis is away (D-23).
import rateLimit, { type RateLimitOptions as PluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { fallbackStore } from './rate-limit-store.js';

export interface RateLimitOptions {
  max: number;
  timeWindow: number;
  /** What is counted: an address, an account, a phone number... */
  key: (request: FastifyRequest) => string | Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A named limiter; the name keeps its counters apart from every other limiter's. */
    limiter(name: string, options: RateLimitOptions): preHandlerAsyncHookHandler;
  }
}

export const limitsPlugin = fp(async (app: FastifyInstance, { config }: { config: Pick<Config, 'redisUrl'> }) => {
  let warned = 0;
  const store = app.redis
    ? fallbackStore(app.redis, (error) => {
        // At most one warning a minute while Redis is away.
        if (Date.now() - warned > 60_000) app.log.warn({ err: error.message }, 'rate limits counted in memory');
        warned = Date.now();
      })
    : undefined;
  if (config.redisUrl && !store) throw new Error('the redis plugin must be registered before the limits plugin');
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });

  const names = new Set<string>();
  app.decorate('limiter', (name: string, { max, timeWindow, key }: RateLimitOptions) => {
    if (names.has(name)) throw new Error(`rate limiter "${name}" is defined twice`);
    names.add(name);
    // groupId, a documented option that createRateLimit's narrower type leaves out, reaches the
    // store's child() (rate-limit-store.ts), which counts each limiter under its name.
    const options: PluginOptions = { max, timeWindow, keyGenerator: key, groupId: name };
    const check = app.createRateLimit(options);
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED');
    };
  });
});
