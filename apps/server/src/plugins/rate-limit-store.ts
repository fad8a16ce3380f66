// D-23: rate-limit counters shared by every instance in Redis, falling back to this instance's
// memory while Redis is unreachable. Falling back keeps every limit in force (each instance then
// counts alone, so at worst N instances allow N times the limit for a short while) instead of
// either refusing everybody or letting every request through.
//
// Written against @fastify/rate-limit's documented custom store (README, "Custom store": the
// `store` option takes a class; the plugin makes one with its options, and each limiter gets a
// child() made with that limiter's options, groupId included). Our limiters (plugins/limits.ts)
// use plain fixed windows: the count of a key resets `timeWindow` ms after its first hit; the
// plugin's continueExceeding and exponentialBackoff are not used.
//
// A limiter that allows many hits a window (the public map's, per address) may count in leases:
// one round trip reserves several counts in Redis, and this instance hands them out one by one
// from memory. A lease never lets more than `max` through: counts another instance reserved but
// has not used yet only make the refusals come a little early (at most a lease per instance).
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
/**
 * What the plugin passes to child(): the limiter's options (its types declare a route's), among them
 * the documented groupId that plugins/limits.ts names each limiter by.
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & Pick<RateLimitOptions, 'groupId'>;

export const RATE_LIMIT_PREFIX = 'rl:';
/** Keys kept in memory per limiter; the oldest window is dropped first past this. */
const MEMORY_KEYS = 10_000;
/** The most counts one lease reserves, and the share of `max` it may take (1/50). */
const MAX_LEASE = 20;
const LEASE_SHARE = 50;

/** How many counts a leased limiter reserves at once: 1 (no lease) for small limits. */
export const leaseSize = (max: number): number => Math.max(1, Math.min(MAX_LEASE, Math.floor(max / LEASE_SHARE)));

// One round trip: count the hits (ARGV[2], one or a lease), start the window on the first ones, and
// say how long it has left.
const INCREMENT = `
local by = tonumber(ARGV[2])
local current = redis.call('INCRBY', KEYS[1], by)
if current == by then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {current, tonumber(ARGV[1])} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {current, ttl}`;
const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

const SHAS = new Map<string, string>();
/** The SHA-1 Redis names a script by. */
export const shaOf = (script: string): string => {
  let sha = SHAS.get(script);
  if (!sha) SHAS.set(script, (sha = createHash('sha1').update(script).digest('hex')));
  return sha;
};

/** Fixed-window counts in this process, bounded to MEMORY_KEYS keys. */
export class MemoryCounts {
  readonly #windows = new Map<string, { current: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  increment(key: string, timeWindow: number): Count {
    const now = this.now();
    const window = this.#windows.get(key);
    if (window && window.endsAt > now) {
      window.current += 1;
      return { current: window.current, ttl: window.endsAt - now };
    }
    this.#windows.delete(key);
    if (this.#windows.size >= MEMORY_KEYS) this.#windows.delete(this.#windows.keys().next().value as string);
    this.#windows.set(key, { current: 1, endsAt: now + timeWindow });
    return { current: 1, ttl: timeWindow };
  }

  read(key: string): Count {
    const window = this.#windows.get(key);
    const ttl = window ? window.endsAt - this.now() : 0;
    return ttl > 0 && window ? { current: window.current, ttl } : { current: 0, ttl: 0 };
  }
}

/**
 * A store class for @fastify/rate-limit's `store` option. Each limiter's child gets its own
 * namespace from its groupId (see plugins/limits.ts), so two limiters never share a counter.
 */
export function fallbackStore(
  redis: Redis,
  onFallback: (error: Error) => void,
  /** The limiters (by name) that count in leases, with each lease's size (leaseSize). */
  leases: ReadonlyMap<string, number> = new Map(),
): FastifyRateLimitStoreCtor {
  // Every request counts a hit: sent by its SHA-1 (EVALSHA), a script costs Redis no hashing of
  // its text and the instance no writing of it. Redis forgets scripts on a restart or SCRIPT
  // FLUSH; it then answers NOSCRIPT once, and EVAL sends the text, which loads it again.
  const run = async (script: string, key: string, timeWindow: number, by = 1): Promise<Count> => {
    const sha = shaOf(script);
    const reply = (await redis.evalsha(sha, 1, key, timeWindow, by).catch((error: Error) => {
      if (!error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(script, 1, key, timeWindow, by);
    })) as [number, number];
    return { current: reply[0], ttl: reply[1] };
  };

  class FallbackStore implements FastifyRateLimitStore {
    readonly #memory = new MemoryCounts();
    /** Per key, the counts reserved in Redis and not handed out yet: from `next` to `last`. */
    readonly #leases = new Map<string, { next: number; last: number; endsAt: number }>();
    /** Per key, the reservation on its way: hits meanwhile wait for it instead of reserving more. */
    readonly #reserving = new Map<string, Promise<unknown>>();

    // The plugin constructs the root store with its options; only children count.
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly namespace = RATE_LIMIT_PREFIX,
      private readonly lease = 1,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (this.lease > 1) return this.#leased(key, cb, timeWindow);
      this.#count(INCREMENT, key, timeWindow, () => this.#memory.increment(key, timeWindow), cb);
    }

    #leased(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      const held = this.#leases.get(key);
      if (held && held.next <= held.last && held.endsAt > now) {
        return cb(null, { current: held.next++, ttl: held.endsAt - now });
      }
      const reserving = this.#reserving.get(key);
      if (reserving) {
        const retry = () => this.#leased(key, cb, timeWindow);
        return void reserving.then(retry, retry);
      }
      if (redis.status !== 'ready') return cb(null, this.#memory.increment(key, timeWindow));
      const reservation = run(INCREMENT, this.namespace + key, timeWindow, this.lease).then(
        ({ current, ttl }) => {
          const first = current - this.lease + 1;
          this.#leases.delete(key);
          if (this.#leases.size >= MEMORY_KEYS) this.#leases.delete(this.#leases.keys().next().value as string);
          this.#leases.set(key, { next: first + 1, last: current, endsAt: Date.now() + ttl });
          cb(null, { current: first, ttl });
        },
        (error: Error) => {
          onFallback(error);
          cb(null, this.#memory.increment(key, timeWindow));
        },
      );
      this.#reserving.set(key, reservation);
      void reservation.finally(() => this.#reserving.delete(key));
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      this.#count(READ, key, timeWindow, () => this.#memory.read(key), cb);
    }

    #count(script: string, key: string, timeWindow: number, inMemory: () => Count, cb: Callback): void {
      // While disconnected, go straight to memory instead of waiting for a command to fail.
      if (redis.status !== 'ready') return cb(null, inMemory());
      run(script, this.namespace + key, timeWindow).then(
        (count) => cb(null, count),
        (error: Error) => {
          onFallback(error);
          cb(null, inMemory());
        },
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      if (!options.groupId) throw new Error('every rate limiter needs a name (groupId)');
      return new FallbackStore(undefined, `${RATE_LIMIT_PREFIX}${options.groupId}:`, leases.get(options.groupId) ?? 1);
    }
  }
  return FallbackStore;
}
