// The shared cache's promises (lib/shared-cache.ts), in memory: an answer is never served past its
// lifetime, never after its group was invalidated, and never kept when computed across an
// invalidation; concurrent asks for one answer compute it once.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { etagOf, sharedCache } from './shared-cache.js';

const clock = () => {
  let t = 1_000;
  return { now: () => t, pass: (ms: number) => (t += ms) };
};

describe('sharedCache', () => {
  it('serves a kept answer until its lifetime ends, then computes it again', async () => {
    const time = clock();
    const cache = sharedCache({ name: 't', ttlMs: 10_000, maxEntries: 10, now: time.now });
    let n = 0;
    const compute = async () => JSON.stringify({ n: ++n });
    expect((await cache.get('g', 'k', compute)).body).toBe('{"n":1}');
    time.pass(9_999);
    expect((await cache.get('g', 'k', compute)).body).toBe('{"n":1}');
    time.pass(1);
    expect((await cache.get('g', 'k', compute)).body).toBe('{"n":2}');
  });

  it('drops every answer of an invalidated group at once, and only those', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    let n = 0;
    const compute = async () => String(++n);
    await cache.get('tile-a', 'a|en', compute);
    await cache.get('tile-a', 'a|fr', compute);
    await cache.get('tile-b', 'b|en', compute);
    await cache.invalidate(['tile-a']);
    expect((await cache.get('tile-a', 'a|en', compute)).body).toBe('4');
    expect((await cache.get('tile-a', 'a|fr', compute)).body).toBe('5');
    expect((await cache.get('tile-b', 'b|en', compute)).body).toBe('3');
    cache.invalidateAll();
    expect((await cache.get('tile-b', 'b|en', compute)).body).toBe('6');
  });

  it('keeps at most maxEntries, dropping the oldest kept first, across invalidations', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 3 });
    const computed: string[] = [];
    const ask = (key: string) =>
      cache.get(key, key, async () => {
        computed.push(key);
        return key;
      });
    for (const key of ['a', 'b', 'c', 'd']) await ask(key);
    expect(cache.size()).toBe(3);
    await ask('b');
    await ask('a');
    // a came back in place of b, the oldest then; c is dropped from the middle by its group.
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'a']);
    await cache.invalidate(['c']);
    for (const key of ['e', 'f']) await ask(key);
    expect(cache.size()).toBe(3);
    for (const key of ['a', 'e', 'f']) await ask(key);
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'a', 'e', 'f']);
    cache.invalidateAll();
    for (const key of ['g', 'h', 'i', 'j']) await ask(key);
    expect(cache.size()).toBe(3);
    await ask('j');
    expect(computed.at(-1)).toBe('j');
    expect(computed.filter((k) => k === 'j')).toHaveLength(1);
  });

  it('never keeps an answer computed while its group was invalidated', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const before = cache.get('g', 'k', async () => {
      await slow;
      return 'old';
    });
    await cache.invalidate(['g']);
    release();
    expect((await before).body).toBe('old');
    expect((await cache.get('g', 'k', async () => 'new')).body).toBe('new');
  });

  it('computes once for concurrent asks, with a strong ETag of the bytes', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    let n = 0;
    const compute = async () => {
      n += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'same';
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('g', 'k', compute)));
    expect(n).toBe(1);
    expect(new Set(answers.map((a) => a.etag))).toEqual(new Set([etagOf('same')]));
    expect(etagOf('same')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it('computes the answers a batch misses in one call, in the order asked, and keeps each', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    await cache.get('b', 'b', async () => 'kept b');
    const calls: number[][] = [];
    const compute = async (asked: number[]) => {
      calls.push(asked);
      return asked.map((i) => `computed ${i}`);
    };
    const asks = ['a', 'b', 'c'].map((k) => ({ group: k, key: k }));
    expect((await cache.getMany(asks, compute)).map((a) => a.body)).toEqual(['computed 0', 'kept b', 'computed 2']);
    expect(calls).toEqual([[0, 2]]);
    expect((await cache.getMany(asks, compute)).map((a) => a.body)).toEqual(['computed 0', 'kept b', 'computed 2']);
    expect(calls).toHaveLength(1);
    expect(cache.stats()).toEqual({ name: 't', memory: 4, redis: 0, computed: 3, shared: 0 });
  });

  it('keeps with an answer computed here the value it was serialised from', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    const value = { n: 1 };
    const first = await cache.get('g', 'k', async () => ({ body: JSON.stringify(value), value }));
    expect(first.body).toBe('{"n":1}');
    expect(first.value).toBe(value);
    expect((await cache.get('g', 'k', async () => 'again')).value).toBe(value);
    expect((await cache.get('g', 'plain', async () => '{"n":2}')).value).toBeUndefined();
  });

  it('fails only the answers a failed batch was computing; they are computed again next time', async () => {
    const cache = sharedCache({ name: 't', ttlMs: 60_000, maxEntries: 10 });
    await cache.get('b', 'b', async () => 'kept b');
    const asks = ['a', 'b'].map((k) => ({ group: k, key: k }));
    await expect(cache.getMany(asks, async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect((await cache.get('b', 'b', async () => 'again')).body).toBe('kept b');
    expect((await cache.get('a', 'a', async () => 'a at last')).body).toBe('a at last');
  });
});

describe('sharedCache across instances, through Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    await assertRedisReachable();
    redis = new Redis(TEST_REDIS_URL, { keyPrefix: `test-${randomBytes(4).toString('hex')}:` });
    await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(() => redis?.disconnect());

  it('gives another instance the same bytes without computing them, until the group is invalidated', async () => {
    const options = { name: 'tiles', ttlMs: 60_000, maxEntries: 10, redis };
    const one = sharedCache(options);
    const body = JSON.stringify({ data: { title: 'a|b "quoted"' } });
    const first = await one.get('10/462/469', 'k', async () => body);
    await expect.poll(async () => redis.exists('cache:tiles:10/462/469')).toBe(1);
    const two = sharedCache(options);
    const shared = await two.get('10/462/469', 'k', async () => 'computed again');
    expect(shared).toMatchObject({ body, etag: first.etag });
    // Only its bytes travel: the other instance parses them when it needs the value.
    expect(shared.value).toBeUndefined();
    await one.invalidate(['10/462/469']);
    const three = sharedCache(options);
    expect((await three.get('10/462/469', 'k', async () => 'new')).body).toBe('new');
  });

  it('refuses from Redis an answer computed before its group changed, even one written back after the delete', async () => {
    const time = clock();
    const options = { name: 'tiles', ttlMs: 60_000, maxEntries: 10, redis, now: time.now };
    const [one, two, three] = [sharedCache(options), sharedCache(options), sharedCache(options)];
    // One starts computing before a post changes, and has not heard of the change when it writes.
    let finish!: (body: string) => void;
    const late = one.get('13/1/1', 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    time.pass(5);
    await Promise.all([two.invalidate(['13/1/1']), three.invalidate(['13/1/1'])]);
    time.pass(5);
    finish('before the change');
    await late;
    await expect.poll(async () => redis.hget('cache:tiles:13/1/1', 'k')).toContain('before the change');
    expect((await two.get('13/1/1', 'k', async () => 'after the change')).body).toBe('after the change');
    // What was computed after the change is shared as before.
    await expect.poll(async () => redis.hget('cache:tiles:13/1/1', 'k')).toContain('after the change');
    expect((await three.get('13/1/1', 'k', async () => 'computed again')).body).toBe('after the change');
  });

  it('still refuses such an answer once it has forgotten which groups changed', async () => {
    const time = clock();
    // maxEntries 1: past 4 changed groups, their changes are forgotten.
    const options = { name: 'tiles', ttlMs: 60_000, maxEntries: 1, redis, now: time.now };
    const [one, two] = [sharedCache(options), sharedCache(options)];
    let finish!: (body: string) => void;
    const late = one.get('14/1/1', 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    time.pass(5);
    await two.invalidate(['14/1/1']);
    time.pass(5);
    finish('before the change');
    await late;
    await expect.poll(async () => redis.hget('cache:tiles:14/1/1', 'k')).toContain('before the change');
    await two.invalidate(['14/2/1', '14/2/2', '14/2/3', '14/2/4']);
    expect((await two.get('14/1/1', 'k', async () => 'after the change')).body).toBe('after the change');
  });

  it("never reads another release's answers from Redis: each release keeps its own", async () => {
    const release = (id: string) => ({ name: 'posts', release: id, ttlMs: 60_000, maxEntries: 10, redis });
    await sharedCache(release('old')).get('p1', 'p1|USD|en', async () => 'as the old release writes it');
    await expect.poll(async () => redis.exists('cache:old:posts:p1')).toBe(1);
    // The same release, on another instance, reads it; the new release computes its own.
    const sameRelease = await sharedCache(release('old')).get('p1', 'p1|USD|en', async () => 'computed again');
    expect(sameRelease.body).toBe('as the old release writes it');
    const newRelease = await sharedCache(release('new')).get('p1', 'p1|USD|en', async () => 'as the new one does');
    expect(newRelease.body).toBe('as the new one does');
  });

  it('gives the same ETag whichever instance computed it, also when the writer had not computed it', async () => {
    const options = { name: 'tiles', ttlMs: 60_000, maxEntries: 10, redis };
    const body = JSON.stringify({ data: { points: [], clusters: [] } });
    // A list or a post never asks for its ETag: Redis then holds none ("at||body").
    await sharedCache(options).get('12/1/1', 'k', async () => body);
    await expect.poll(async () => redis.hget('cache:tiles:12/1/1', 'k')).toMatch(/^\d+\|\|\{/);
    const other = await sharedCache(options).get('12/1/1', 'k', async () => 'computed again');
    expect(other.body).toBe(body);
    expect(other.etag).toBe(etagOf(body));
    // An entry written with its ETag (by an instance that had sent it) is read with it.
    await redis.hset('cache:tiles:12/1/2', 'k', `${Date.now()}|"written-etag"|${body}`);
    expect((await sharedCache(options).get('12/1/2', 'k', async () => 'computed again')).etag).toBe('"written-etag"');
  });

  it('shares a batch with another instance, which computes only what Redis lacks', async () => {
    const options = { name: 'tiles', ttlMs: 60_000, maxEntries: 10, redis };
    const asks = ['11/1/1', '11/1/2', '11/1/3'].map((group) => ({ group, key: `${group}|en` }));
    await sharedCache(options).getMany(asks.slice(0, 2), async (asked) => asked.map((i) => `one's ${i}`));
    await expect.poll(async () => redis.exists('cache:tiles:11/1/1', 'cache:tiles:11/1/2')).toBe(2);
    const asked: number[][] = [];
    const two = sharedCache(options);
    const answers = await two.getMany(asks, async (missing) => {
      asked.push(missing);
      return missing.map((i) => `two's ${i}`);
    });
    expect(answers.map((a) => a.body)).toEqual(["one's 0", "one's 1", "two's 2"]);
    expect(asked).toEqual([[2]]);
    expect(two.stats()).toMatchObject({ redis: 2, computed: 1 });
  });
});
