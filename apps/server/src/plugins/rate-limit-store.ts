// D-23: rate-limit counters shared by every instance in Redis, falling back to this instance's
// memory while Redis is unreachable. Falling back keeps every limit in force (each instance then
// counts alone, so at worst N instances allow N times the limit for a short while) instead of
// either refusing everybody or letting every request through.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: { groupId?: string }): Store;
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores (CommonJS, not in its exports' types).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

export const RATE_LIMIT_PREFIX = 'rl:';

/**
 * A store class for @fastify/rate-limit's `store` option. Each limiter's child gets its own
 * namespace from its groupId (see plugins/limits.ts), so two limiters never share a counter.
 */
export function fallbackStore(redis: Redis, onFallback: (error: Error) => void): new (params: object) => Store {
  class FallbackStore implements Store {
    readonly #redis: Store;
    readonly #local: Store;

    constructor(
      continueExceeding: boolean | { continueExceeding?: boolean; exponentialBackoff?: boolean },
      exponentialBackoff = false,
      namespace = RATE_LIMIT_PREFIX,
    ) {
      // The plugin constructs the root store with its global params object.
      const [cont, backoff] =
        typeof continueExceeding === 'object'
          ? [continueExceeding.continueExceeding ?? false, continueExceeding.exponentialBackoff ?? false]
          : [continueExceeding, exponentialBackoff];
      this.#redis = new RedisStore(cont, backoff, redis, namespace);
      this.#local = new LocalStore(cont, backoff);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.#run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.#run('read', key, cb, timeWindow, max);
    }

    #run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      // While disconnected, go straight to memory instead of waiting for a command to fail.
      if (redis.status !== 'ready') return this.#local[method](key, cb, timeWindow, max);
      this.#redis[method](
        key,
        (error, result) => {
          if (!error) return cb(null, result);
          onFallback(error);
          this.#local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: { groupId?: string; continueExceeding?: boolean; exponentialBackoff?: boolean }): Store {
      if (!routeOptions.groupId) throw new Error('every rate limiter needs a name (groupId)');
      return new FallbackStore(
        routeOptions.continueExceeding ?? false,
        routeOptions.exponentialBackoff ?? false,
        `${RATE_LIMIT_PREFIX}${routeOptions.groupId}:`,
      );
    }
  }
  return FallbackStore;
}
