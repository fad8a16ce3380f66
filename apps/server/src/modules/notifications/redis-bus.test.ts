import type { Notification } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { throwawayDatabaseUrl } from '../../../test/databases.js';
import { inDays } from '../../../test/deals.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../../../test/redis.js';
import { redisNotificationBus } from './redis-bus.js';

const quiet = { warn: () => undefined };
const note = (id: string): Notification => ({
  _id: id,
  status: 'true',
  message_en: 'hello',
  message_fr: 'bonjour',
  created_at: new Date().toISOString(),
});

const next = (subscribe: (listener: (n: Notification) => void) => () => void, ms = 5_000) =>
  new Promise<Notification>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification arrived')), ms);
    const off = subscribe((n) => {
      clearTimeout(timer);
      off();
      resolve(n);
    });
  });

beforeAll(() => assertRedisReachable());

describe('the Redis notification bus (D-21, D-23)', () => {
  it('carries a notification published on one instance to the streams of another', async () => {
    const a = redisNotificationBus(TEST_REDIS_URL, quiet);
    const b = redisNotificationBus(TEST_REDIS_URL, quiet);
    try {
      // Let the subscriber connection subscribe before publishing.
      await new Promise((r) => setTimeout(r, 300));
      const arrived = next((l) => b.subscribe('user-1', l));
      const other = next((l) => b.subscribe('user-2', l), 800);
      await a.publish('user-1', note('n1'));
      expect((await arrived)._id).toBe('n1');
      await expect(other).rejects.toThrow('no notification arrived');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('still delivers to its own streams when Redis cannot be reached', async () => {
    const bus = redisNotificationBus('redis://127.0.0.1:1', quiet);
    try {
      const arrived = next((l) => bus.subscribe('user-1', l));
      await bus.publish('user-1', note('n2'));
      expect((await arrived)._id).toBe('n2');
    } finally {
      await bus.close();
    }
  });
});

describe('two instances over one PostgreSQL and one Redis', () => {
  let db: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    db = await throwawayDatabaseUrl();
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_SCALE: '100' };
    one = await buildTestApp(env);
    await one.app.ready();
    two = await buildTestApp(env);
    await two.app.ready();
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('streams a request made on instance one to the owner connected to instance two', async () => {
    const owner = await signedUp(one.app, { firstName: 'Awa' });
    const client = await signedUp(one.app, { firstName: 'Moussa' });
    const body = multipart([
      {
        name: 'new_solution',
        value: JSON.stringify({
          user_role: 'provideSolution',
          category: 'Space',
          sub_category_id: 'space-room',
          description: 'A room in Niamey',
          pickup_lat: 13.5,
          pickup_lng: 2.1,
          pickup_city: 'Niamey',
          pickup_country: 'Niger',
          pickup_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        }),
      },
    ]);
    const offer = (
      await one.app.inject({
        method: 'POST',
        url: '/api/solution/addSolution',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      })
    ).json().data;

    const address = await two.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, { headers: owner.headers, signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read(); // ': connected'
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const accepted = await one.app.inject({
      method: 'PUT',
      url: '/api/solution/solutionAccepted',
      headers: client.headers,
      // A room is booked by the night (D-33): the request names its dates.
      payload: { user_id: client.user._id, solution_id: offer._id, from: inDays(2), to: inDays(3) },
    });
    expect(accepted.statusCode).toBe(200);
    let text = '';
    const timeout = setTimeout(() => controller.abort(), 5_000);
    while (!text.includes('event: notification')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    clearTimeout(timeout);
    controller.abort();
    expect(text).toContain(offer._id);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
