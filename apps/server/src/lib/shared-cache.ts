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
}

export interface SharedCacheOptions {
  /** Names its Redis keys (`cache:<name>:<group>`). */
  name: string;
  /** The staleness bound: no entry is served longer than this after it was computed. */
  ttlMs: number;
  /** Entries kept in memory at most; the oldest go first. */
  maxEntries: number;
  /** Absent without REDIS_URL: then each instance keeps its own. */
  redis?: Redis | undefined;
  now?: () => number;
}

interface Entry extends CachedAnswer {
  group: string;
  expires: number;
}

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export function sharedCache({ name, ttlMs, maxEntries, redis, now = Date.now }: SharedCacheOptions) {
  const local = new Map<string, Entry>();
  const byGroup = new Map<string, Set<string>>();
  /** Computations under way, by key: the group's version they started at, and their answer. */
  const pending = new Map<string, { version: string; answer: Promise<CachedAnswer> }>();
  /** Bumped by every invalidation: a computation that saw another value keeps nothing. */
  const groupVersion = new Map<string, number>();
  let everything = 0;
  /** Answers computed before this instant (invalidateAll) are refused from Redis. */
  let staleBefore = 0;
  const redisKey = (group: string) => `cache:${name}:${group}`;
  const version = (group: string) => `${everything}:${groupVersion.get(group) ?? 0}`;

  function keep(group: string, key: string, answer: CachedAnswer, expires: number): CachedAnswer {
    if (local.size >= maxEntries) {
      const oldest = local.keys().next().value;
      if (oldest !== undefined) drop(oldest);
    }
    const entry = { body: answer.body, etag: answer.etag, group, expires };
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

  async function fromRedis(group: string, key: string): Promise<(CachedAnswer & { expires: number }) | undefined> {
    if (redis?.status !== 'ready') return undefined;
    try {
      const text = await redis.hget(redisKey(group), key);
      if (!text) return undefined;
      // "at|etag|body": the body is stored as it is, never escaped into another JSON string.
      const [at, etag] = text.split('|', 2);
      const computedAt = Number(at);
      const expires = computedAt + ttlMs;
      if (!etag || !(expires > now()) || computedAt < staleBefore) return undefined;
      return { etag, body: text.slice(at!.length + etag.length + 2), expires };
    } catch {
      return undefined;
    }
  }

  function toRedis(group: string, key: string, answer: CachedAnswer, at: number) {
    if (redis?.status !== 'ready') return;
    const hash = redisKey(group);
    redis
      .multi()
      .hset(hash, key, `${at}|${answer.etag}|${answer.body}`)
      .pexpire(hash, ttlMs)
      .exec()
      .catch(() => undefined);
  }

  /** An answer computed for `key` when `group` was at `seen`, kept unless it changed meanwhile. */
  async function fill(group: string, key: string, compute: () => Promise<string>, seen: string) {
    const at = now();
    const shared = await fromRedis(group, key);
    if (shared) {
      return version(group) === seen ? keep(group, key, shared, shared.expires) : shared;
    }
    const body = await compute();
    const answer = { body, etag: etagOf(body) };
    if (version(group) !== seen) return answer;
    toRedis(group, key, answer, at);
    return keep(group, key, answer, at + ttlMs);
  }

  return {
    ttlMs,
    /** The answer for `key` in `group`: kept, or computed once by `compute` and kept. */
    async get(group: string, key: string, compute: () => Promise<string>): Promise<CachedAnswer> {
      const hit = local.get(key);
      if (hit && hit.expires > now()) return hit;
      if (hit) drop(key);
      // Many viewers asking for one answer at once wait for one computation (a busy city's tiles).
      const seen = version(group);
      const running = pending.get(key);
      if (running && running.version === seen) return running.answer;
      const answer = fill(group, key, compute, seen).finally(() => {
        if (pending.get(key)?.answer === answer) pending.delete(key);
      });
      pending.set(key, { version: seen, answer });
      return answer;
    },

    /** Makes every answer of these groups stale, here and in Redis. */
    async invalidate(groups: Iterable<string>): Promise<void> {
      const names = [...new Set(groups)];
      for (const group of names) {
        groupVersion.set(group, (groupVersion.get(group) ?? 0) + 1);
        for (const key of byGroup.get(group) ?? []) local.delete(key);
        byGroup.delete(group);
      }
      // Versions of groups that hold nothing need not be remembered past a lifetime.
      if (groupVersion.size > maxEntries * 4) {
        groupVersion.clear();
        everything += 1;
      }
      if (names.length > 0 && redis?.status === 'ready') {
        await redis.del(...names.map(redisKey)).catch(() => undefined);
      }
    },

    /** Makes everything stale (a change too large to name its groups): here now, in Redis within ttlMs. */
    invalidateAll(): void {
      everything += 1;
      local.clear();
      byGroup.clear();
      groupVersion.clear();
      // Other instances are told too (each invalidates itself); what Redis holds from before is refused.
      staleBefore = now();
    },

    /** For tests: entries in memory. */
    size: () => local.size,
  };
}

export type SharedCache = ReturnType<typeof sharedCache>;
