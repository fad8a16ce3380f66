import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { fallbackStore, leaseSize, MemoryCounts, shaOf } from './rate-limit-store.js';

describe('the in-memory counts (used while Redis is away, or without it)', () => {
  it('counts hits in a window and starts again once the window has passed', () => {
    let now = 1_000;
    const counts = new MemoryCounts(() => now);
    expect(counts.increment('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(counts.increment('a', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(counts.read('a')).toEqual({ current: 2, ttl: 50_000 });
    expect(counts.increment('b', 60_000).current).toBe(1);
    now += 50_000;
    expect(counts.read('a')).toEqual({ current: 0, ttl: 0 });
    expect(counts.increment('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most 10,000 keys, forgetting the oldest first', () => {
    const counts = new MemoryCounts(() => 0);
    for (let i = 0; i <= 10_000; i++) counts.increment(`k${i}`, 60_000);
    expect(counts.read('k0').current).toBe(0);
    expect(counts.read('k1').current).toBe(1);
    expect(counts.read('k10000').current).toBe(1);
  });
});

/**
 * A Redis that runs the store's scripts as Redis would (INCR with a window; GET), or fails every
 * command when `down`; `status` is ioredis's connection state. Like Redis, it knows a script by
 * its SHA-1 once EVAL has sent its text (until `flush`), and counts the texts it was sent.
 */
function fakeRedis() {
  const counts = new Map<string, number>();
  const scripts = new Map<string, string>();
  const run = (script: string, key: string, timeWindow: number, by = 1): [number, number] => {
    fake.calls += 1;
    if (script.includes("'INCRBY'")) counts.set(key, (counts.get(key) ?? 0) + by);
    const current = counts.get(key) ?? 0;
    return [current, current ? timeWindow : 0];
  };
  const fake = {
    status: 'ready',
    down: false,
    counts,
    calls: 0,
    textsSent: 0,
    flush: () => scripts.clear(),
    async eval(script: string, _keys: number, key: string, timeWindow: number, by?: number): Promise<[number, number]> {
      if (fake.down) throw new Error('connection lost');
      fake.textsSent += 1;
      scripts.set(shaOf(script), script);
      return run(script, key, timeWindow, by);
    },
    async evalsha(sha: string, _keys: number, key: string, timeWindow: number, by?: number): Promise<[number, number]> {
      if (fake.down) throw new Error('connection lost');
      const script = scripts.get(sha);
      if (!script) throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      return run(script, key, timeWindow, by);
    },
  };
  return fake;
}

/**
 * An app whose routes each ask one named limiter (max 2 a minute, one key for everybody) through
 * the plugin's public API, as plugins/limits.ts does, answering the check's outcome.
 */
async function appWith(redis: ReturnType<typeof fakeRedis>, fallbacks: Error[]) {
  const app = Fastify();
  await app.register(rateLimit, {
    global: false,
    store: fallbackStore(redis as unknown as Redis, (e) => fallbacks.push(e), new Map([['map', leaseSize(1000)]])),
  });
  // A limiter of many hits a minute that counts in leases (20 counts each).
  const mapOptions: RateLimitOptions = { max: 1000, timeWindow: 60_000, keyGenerator: () => 'someone', groupId: 'map' };
  const map = app.createRateLimit(mapOptions);
  app.get('/map', async (request) => {
    const result = await map(request);
    // Without an allow list, every result carries what is left.
    const { remaining } = result as { remaining: number };
    return { refused: !result.isAllowed && result.isExceeded, current: 1000 - remaining };
  });
  for (const name of ['login', 'sms']) {
    const options: RateLimitOptions = { max: 2, timeWindow: 60_000, keyGenerator: () => 'someone', groupId: name };
    const check = app.createRateLimit(options);
    app.get(`/${name}`, async (request) => {
      const result = await check(request);
      return { refused: !result.isAllowed && result.isExceeded };
    });
  }
  return app;
}

describe('the store behind the plugin (with Redis, and while Redis is away)', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(() => close?.());

  const refusals = async (app: Awaited<ReturnType<typeof appWith>>, url: string, times: number) => {
    const refused: boolean[] = [];
    for (let i = 0; i < times; i++) refused.push((await app.inject({ url })).json<{ refused: boolean }>().refused);
    return refused;
  };

  it('counts in Redis under each limiter’s own name, so limiters never share a counter', async () => {
    const redis = fakeRedis();
    const fallbacks: Error[] = [];
    const app = await appWith(redis, fallbacks);
    close = () => app.close();
    expect(await refusals(app, '/login', 3)).toEqual([false, false, true]);
    expect(await refusals(app, '/sms', 1)).toEqual([false]);
    expect(Object.fromEntries(redis.counts)).toEqual({ 'rl:login:someone': 3, 'rl:sms:someone': 1 });
    expect(fallbacks).toEqual([]);
  });

  it('sends a script’s text once, then its SHA-1, and again after Redis forgot its scripts', async () => {
    const redis = fakeRedis();
    const fallbacks: Error[] = [];
    const app = await appWith(redis, fallbacks);
    close = () => app.close();
    expect(await refusals(app, '/login', 3)).toEqual([false, false, true]);
    expect(await refusals(app, '/sms', 2)).toEqual([false, false]);
    // The increment's text once; the plugin asks nothing else.
    expect(redis.textsSent).toBe(1);
    redis.flush();
    expect(await refusals(app, '/sms', 2)).toEqual([true, true]);
    expect(redis.textsSent).toBe(2);
    expect(Object.fromEntries(redis.counts)).toEqual({ 'rl:login:someone': 3, 'rl:sms:someone': 4 });
    expect(fallbacks).toEqual([]);
  });

  it('keeps every limit from this instance’s memory when Redis fails, and says so', async () => {
    const redis = fakeRedis();
    const fallbacks: Error[] = [];
    const app = await appWith(redis, fallbacks);
    close = () => app.close();
    redis.down = true;
    expect(await refusals(app, '/login', 3)).toEqual([false, false, true]);
    expect(fallbacks.map((e) => e.message)).toEqual(Array(3).fill('connection lost'));
    // Disconnected, it goes to memory without waiting for a command to fail.
    redis.status = 'reconnecting';
    expect(await refusals(app, '/sms', 3)).toEqual([false, false, true]);
    expect(fallbacks).toHaveLength(3);
    expect(redis.counts.size).toBe(0);
  });

  it('counts a leased limiter from memory between round trips, and refuses exactly past its max', async () => {
    expect([leaseSize(10), leaseSize(300), leaseSize(1000), leaseSize(1_000_000)]).toEqual([1, 6, 20, 20]);
    const redis = fakeRedis();
    const fallbacks: Error[] = [];
    const app = await appWith(redis, fallbacks);
    close = () => app.close();
    const refused = await refusals(app, '/map', 1001);
    expect(refused.indexOf(true)).toBe(1000);
    expect(refused.slice(1000)).toEqual([true]);
    // 1,001 hits, 51 round trips: a lease of 20 counts each.
    expect(redis.calls).toBe(51);
    expect(redis.counts.get('rl:map:someone')).toBe(1020);
    expect(fallbacks).toEqual([]);
  });

  it('makes hits that arrive while a lease is on its way wait for it, each with its own count', async () => {
    const redis = fakeRedis();
    const app = await appWith(redis, []);
    close = () => app.close();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ url: '/map' }).then((r) => r.json<{ current: number }>())),
    );
    expect(answers.map((a) => a.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(redis.calls).toBe(2);
  });

  it('refuses a limiter without a name: its counts would mix with another’s', async () => {
    const app = Fastify();
    close = () => app.close();
    await app.register(rateLimit, { global: false, store: fallbackStore(fakeRedis() as unknown as Redis, () => {}) });
    expect(() => app.createRateLimit({ max: 2, timeWindow: 60_000 })).toThrow('every rate limiter needs a name');
  });
});
