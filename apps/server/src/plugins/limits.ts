// Abuse limits. `app.limiter(name, ...)` makes a preHandler that answers 429 RATE_LIMITED past
// `max` requests per key in the window. With REDIS_URL the counters live in Redis, shared by every
// instance, and fall back to memory while Redis is away (D-23).
import rateLimit, { type RateLimitOptions as PluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { fallbackStore, leaseSize } from './rate-limit-store.js';

export interface RateLimitOptions {
  max: number;
  timeWindow: number;
  /** What is counted: an address, an account, a phone number... */
  key: (request: FastifyRequest) => string | Promise<string>;
  /**
   * Counts with another limiter, defined before: its counter, window and key, so two doors (the
   * web, USSD) share one quota. `max`, `timeWindow` and `key` are then that limiter's.
   */
  countsWith?: string;
  /**
   * Counts in leases (rate-limit-store.ts): for limits of many hits a window, one Redis round trip
   * per lease instead of one per hit; refusals may come up to a lease per instance early.
   */
  leased?: boolean;
}

/** The limiters' handlers: the OpenAPI plugin declares 429 on each route that has one. */
const limiterHandlers = new WeakSet<object>();
export const isLimiter = (handler: unknown): boolean => typeof handler === 'function' && limiterHandlers.has(handler);

declare module 'fastify' {
  interface FastifyInstance {
    /** A named limiter; the name keeps its counters apart from every other limiter's. */
    limiter(name: string, options: RateLimitOptions): preHandlerAsyncHookHandler;
    /**
     * A limit on failures only (wrong passwords): `guard` refuses once `max` failures were counted
     * in the window, `failed` counts one, `succeeded` clears the key's count. Successes never count.
     */
    failureLimiter(name: string, options: RateLimitOptions): FailureLimiter;
  }
}

/**
 * Attempts that count until one succeeds: the guard counts each attempt as a failure before it is
 * tried, so attempts sent at once cannot all pass a count none of them has added to yet; a success
 * clears the count.
 */
export interface FailureLimiter {
  guard: preHandlerAsyncHookHandler;
  succeeded(request: FastifyRequest): Promise<void>;
}

export const limitsPlugin = fp(async (app: FastifyInstance, { config }: { config: Pick<Config, 'redisUrl'> }) => {
  let warned = 0;
  /** The leased limiters' lease sizes, by name: filled as they are defined, read by the store. */
  const leases = new Map<string, number>();
  const store = app.redis
    ? fallbackStore(
        app.redis,
        (error) => {
          // At most one warning a minute while Redis is away.
          if (Date.now() - warned > 60_000) app.log.warn({ err: error.message }, 'rate limits counted in memory');
          warned = Date.now();
        },
        leases,
      )
    : undefined;
  if (config.redisUrl && !store) throw new Error('the redis plugin must be registered before the limits plugin');
  await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });

  // Every 429 tells the client when to come back, whichever code path refused it: the limiters
  // and the services give their own wait; anything else gets a minute.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) void reply.header('retry-after', '60');
    done(null, payload);
  });

  const names = new Set<string>();
  const checks = new Map<string, ReturnType<typeof app.createRateLimit>>();
  app.decorate('limiter', (name: string, { max, timeWindow, key, countsWith, leased }: RateLimitOptions) => {
    if (names.has(name)) throw new Error(`rate limiter "${name}" is defined twice`);
    names.add(name);
    if (leased) leases.set(name, leaseSize(max));
    if (countsWith && !checks.has(countsWith))
      throw new Error(`rate limiter "${name}" counts with "${countsWith}", which must be defined first`);
    // groupId, a documented option that createRateLimit's narrower type leaves out, reaches the
    // store's child() (rate-limit-store.ts), which counts each limiter under its name. A limiter
    // that counts with another uses that one's counter itself (the same store child, in memory too).
    const options: PluginOptions = { max, timeWindow, keyGenerator: key, groupId: name };
    const check = countsWith ? checks.get(countsWith)! : app.createRateLimit(options);
    checks.set(name, check);
    const handler = async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('RATE_LIMITED', undefined, undefined, result.ttlInSeconds);
      }
    };
    limiterHandlers.add(handler);
    return handler;
  });

  app.decorate('failureLimiter', (name: string, { max, timeWindow, key }: RateLimitOptions): FailureLimiter => {
    if (names.has(name)) throw new Error(`rate limiter "${name}" is defined twice`);
    names.add(name);
    // The stores can count and read but not clear a key. So a success is counted apart, and the
    // failures are counted under a key that names how many successes came before: a success moves
    // the failures to a fresh key. The successes' window starts after the failures' it cleared,
    // so it outlives them and an old count never returns.
    const NEVER = Number.MAX_SAFE_INTEGER;
    const successes = app.createRateLimit({
      max: NEVER,
      timeWindow,
      keyGenerator: key,
      groupId: `${name}:ok`,
    } as PluginOptions);
    const generation = async (request: FastifyRequest) => {
      const read = await successes(request, { increment: false });
      return read.isAllowed ? 0 : NEVER - read.remaining;
    };
    const failures = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: async (request: FastifyRequest) => `${await key(request)}|${await generation(request)}`,
      groupId: name,
    } as PluginOptions);
    const guard = async (request: FastifyRequest) => {
      const result = await failures(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('RATE_LIMITED', undefined, undefined, result.ttlInSeconds);
      }
    };
    limiterHandlers.add(guard);
    return { guard, succeeded: async (request) => void (await successes(request)) };
  });
});
