// A cache of public answers shared by everyone who asks (docs/performance.md): kept in this
// instance's memory and, with REDIS_URL, in Redis for the other instances, each for at most
// `ttlMs`. Entries belong to groups (a map tile, a post, a list) that a change makes stale at once:
// invalidate() drops a group here and in Redis. An answer computed while its group was being
// invalidated is never kept, so a change is never hidden by a read that started before it.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface CachedAnswer {
  /** The serialised JSON, the same bytes for everyone. */
  body: string;
  /** A strong ETag of `body`, quoted, for If-None-Match. */
  etag: string;
  /** What `body` was serialised from, when this instance computed it (else it is parsed from `body`). */
  readonly value?: unknown;
}

/** What a computation gives: the body, or the body with the value it was serialised from. */
export type Computed = string | { body: string; value: unknown };

export interface SharedCacheOptions {
  /** Names its Redis keys (`cache:<release>:<name>:<group>`). */
  name: string;
  /**
   * The running code's release (lib/release.ts): another release's answers, which its code may
   * build differently, are never read from Redis while both run during a deploy.
   */
  release?: string;
  /** The staleness bound: no entry is served longer than this after it was computed. */
  ttlMs: number;
  /** Entries kept in memory at most; the oldest go first. */
  maxEntries: number;
  /** Absent without REDIS_URL: then each instance keeps its own. */
  redis?: Redis | undefined;
  now?: () => number;
}

/** One answer asked for: its key, in its group (what invalidate() drops). */
export interface Ask {
  group: string;
  key: string;
}

/** An ask not held here: the group's version it was computed at, and its promise to settle. */
interface Miss extends Ask {
  index: number;
  seen: string;
  settle: Deferred;
}

interface Deferred {
  promise: Promise<CachedAnswer>;
  resolve: (answer: CachedAnswer) => void;
  reject: (error: unknown) => void;
}

/** Promise.withResolvers, which Node 20 lacks. */
function deferred(): Deferred {
  let resolve!: Deferred['resolve'];
  let reject!: Deferred['reject'];
  const promise = new Promise<CachedAnswer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * A kept answer. Its ETag is computed when first asked for: only the tile route sends one, and a
 * list or a post's hash (50 µs for a 22 KB page) was otherwise computed for nothing.
 */
class Entry implements CachedAnswer {
  #etag: string | undefined;

  constructor(
    readonly body: string,
    etag: string | undefined,
    readonly group: string,
    readonly expires: number,
    readonly value?: unknown,
  ) {
    this.#etag = etag || undefined;
  }

  get etag(): string {
    return (this.#etag ??= etagOf(this.body));
  }

  /** The ETag if it was computed, else "" (Redis then holds none; the reader computes it). */
  get knownEtag(): string {
    return this.#etag ?? '';
  }
}

export function sharedCache({ name, release, ttlMs, maxEntries, redis, now = Date.now }: SharedCacheOptions) {
  const local = new Map<string, Entry>();
  const byGroup = new Map<string, Set<string>>();
  /** Computations under way, by key: the group's version they started at, and their answer. */
  const pending = new Map<string, { version: string; answer: Promise<CachedAnswer> }>();
  /**
   * Each invalidated group's changes here: `count`, bumped by each, so a computation that saw
   * another count keeps nothing; and `at`, the last one's time, before which what Redis holds for
   * the group is refused. Deleting it from Redis is not enough: another instance that computed it
   * before the change may write it back after the delete, and this client's commands may reach Redis
   * in another order than they were issued (ioredis' automatic pipelines hold a delete while an
   * earlier batch is under way, and an explicit pipeline's read goes first). Instances' clocks are
   * assumed in step to a few milliseconds, as for invalidateAll.
   */
  const changes = new Map<string, { count: number; at: number }>();
  let everything = 0;
  /** How answers were found, for bench:load's hit rates (stats()). */
  const counts = { memory: 0, redis: 0, computed: 0, shared: 0 };
  /** Answers computed before this instant (invalidateAll) are refused from Redis. */
  let staleBefore = 0;
  const namespace = release === undefined ? `cache:${name}:` : `cache:${release}:${name}:`;
  const redisKey = (group: string) => namespace + group;
  const version = (group: string) => `${everything}:${changes.get(group)?.count ?? 0}`;

  /**
   * The keys oldest first, one iterator kept across evictions: a new iterator starts at the front
   * of the Map's table and steps over every entry deleted since its last rehash, which made each
   * eviction cost about 11 µs at 20,000 entries (bench/load: 5 % of the instances' CPU).
   */
  let oldestFirst = local.keys();
  function keep(key: string, entry: Entry): Entry {
    if (local.size >= maxEntries) {
      let next = oldestFirst.next();
      if (next.done) next = (oldestFirst = local.keys()).next();
      if (next.value !== undefined) drop(next.value);
    }
    const { group } = entry;
    local.set(key, entry);
    let keys = byGroup.get(group);
    if (!keys) byGroup.set(group, (keys = new Set()));
    keys.add(key);
    return entry;
  }

  function drop(key: string) {
    const entry = local.get(key);
    if (!entry) return;
    local.delete(key);
    const keys = byGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) byGroup.delete(entry.group);
  }

  /** What Redis holds for these asks (one round trip), each still within its lifetime, if any. */
  async function fromRedis(asks: Ask[]): Promise<(Entry | undefined)[]> {
    if (redis?.status !== 'ready') return asks.map(() => undefined);
    try {
      const pipeline = redis.pipeline();
      for (const { group, key } of asks) pipeline.hget(redisKey(group), key);
      const replies = (await pipeline.exec()) ?? [];
      return asks.map((_, i) => {
        const [error, text] = replies[i] ?? [];
        if (error || typeof text !== 'string') return undefined;
        // "at|etag|body": the body is stored as it is, never escaped into another JSON string; the
        // ETag is empty when the writer had not computed it.
        const [at, etag] = text.split('|', 2);
        const computedAt = Number(at);
        const expires = computedAt + ttlMs;
        const changedAt = Math.max(staleBefore, changes.get(asks[i]!.group)?.at ?? 0);
        if (etag === undefined || !(expires > now()) || computedAt <= changedAt) return undefined;
        return new Entry(text.slice(at!.length + etag.length + 2), etag, asks[i]!.group, expires);
      });
    } catch {
      return asks.map(() => undefined);
    }
  }

  /** Shares answers computed at `at` with the other instances (one round trip). */
  function toRedis(kept: { ask: Ask; answer: Entry }[], at: number) {
    if (kept.length === 0 || redis?.status !== 'ready') return;
    const pipeline = redis.pipeline();
    for (const { ask, answer } of kept) {
      const hash = redisKey(ask.group);
      pipeline.hset(hash, ask.key, `${at}|${answer.knownEtag}|${answer.body}`).pexpire(hash, ttlMs);
    }
    pipeline.exec().catch(() => undefined);
  }

  /**
   * Answers for `misses` from Redis, else computed together, each kept unless its group changed
   * since `seen`; settles each miss's promise.
   */
  async function fill(misses: Miss[], compute: (asked: number[]) => Promise<Computed[]>) {
    const at = now();
    try {
      const shared = await fromRedis(misses);
      const missing: Miss[] = [];
      misses.forEach((miss, i) => {
        const found = shared[i];
        if (!found) return missing.push(miss);
        counts.redis += 1;
        miss.settle.resolve(version(miss.group) === miss.seen ? keep(miss.key, found) : found);
      });
      if (missing.length === 0) return;
      counts.computed += missing.length;
      const bodies = await compute(missing.map((m) => m.index));
      const kept: { ask: Ask; answer: Entry }[] = [];
      missing.forEach((miss, i) => {
        const computed = bodies[i]!;
        const answer =
          typeof computed === 'string'
            ? new Entry(computed, undefined, miss.group, at + ttlMs)
            : new Entry(computed.body, undefined, miss.group, at + ttlMs, computed.value);
        if (version(miss.group) !== miss.seen) return miss.settle.resolve(answer);
        kept.push({ ask: miss, answer });
        miss.settle.resolve(keep(miss.key, answer));
      });
      toRedis(kept, at);
    } catch (error) {
      // A settled promise ignores this: only the answers not yet given fail.
      for (const miss of misses) miss.settle.reject(error);
    } finally {
      for (const miss of misses) if (pending.get(miss.key)?.answer === miss.settle.promise) pending.delete(miss.key);
    }
  }

  /**
   * The answers for `asks`: kept, or computed by one call of `compute` for all those missing
   * (given their positions in `asks`, it returns their bodies in that order), and kept.
   */
  function getMany(asks: Ask[], compute: (asked: number[]) => Promise<Computed[]>): Promise<CachedAnswer[]> {
    const answers: Promise<CachedAnswer>[] = [];
    const misses: Miss[] = [];
    asks.forEach(({ group, key }, index) => {
      const hit = local.get(key);
      if (hit && hit.expires > now()) {
        counts.memory += 1;
        return answers.push(Promise.resolve(hit));
      }
      if (hit) drop(key);
      // Many viewers asking for one answer at once wait for one computation (a busy city's tiles).
      const seen = version(group);
      const running = pending.get(key);
      if (running && running.version === seen) {
        counts.shared += 1;
        return answers.push(running.answer);
      }
      const settle = deferred();
      pending.set(key, { version: seen, answer: settle.promise });
      misses.push({ group, key, index, seen, settle });
      answers.push(settle.promise);
    });
    if (misses.length > 0) void fill(misses, compute);
    return Promise.all(answers);
  }

  return {
    ttlMs,
    getMany,

    /** The answer for `key` in `group`: kept, or computed once by `compute` and kept. */
    async get(group: string, key: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
      const [answer] = await getMany([{ group, key }], async () => [await compute()]);
      return answer!;
    },

    /** Makes every answer of these groups stale, here and in Redis. */
    async invalidate(groups: Iterable<string>): Promise<void> {
      const names = [...new Set(groups)];
      const at = now();
      for (const group of names) {
        changes.set(group, { count: (changes.get(group)?.count ?? 0) + 1, at });
        for (const key of byGroup.get(group) ?? []) local.delete(key);
        byGroup.delete(group);
      }
      // Changes of groups that hold nothing need not be remembered past a lifetime. Once forgotten,
      // computations under way keep nothing, and Redis answers from before now are refused.
      if (changes.size > maxEntries * 4) {
        changes.clear();
        everything += 1;
        staleBefore = at;
      }
      if (names.length > 0 && redis?.status === 'ready') {
        await redis.del(...names.map(redisKey)).catch(() => undefined);
      }
    },

    /** Makes everything stale (a change too large to name its groups): here now, in Redis within ttlMs. */
    invalidateAll(): void {
      everything += 1;
      local.clear();
      oldestFirst = local.keys();
      byGroup.clear();
      changes.clear();
      // Other instances are told too (each invalidates itself); what Redis holds from before is refused.
      staleBefore = now();
    },

    /** Answers found in memory, in Redis, computed, or shared with a computation under way. */
    stats: () => ({ name, ...counts }),

    /** For tests: entries in memory. */
    size: () => local.size,
  };
}

export type SharedCache = ReturnType<typeof sharedCache>;
