import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { assertRedisReachable, TEST_REDIS_URL } from '../../../test/redis.js';

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

describe('GET /api/config (D-19, D-25)', () => {
  let plain: TestApp;
  let tiled: TestApp;
  let credited: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [plain, tiled, credited, off] = await Promise.all([
      buildTestApp(),
      buildTestApp({ TILE_URL: TILES, MOBILE_MONEY_SN: 'Wave +221 77 123 45 67' }),
      buildTestApp({
        TILE_URL: TILES,
        TILE_ATTRIBUTION: 'Example <b>Tiles</b>',
        TILE_ATTRIBUTION_URL: 'https://example.org/c',
      }),
      buildTestApp({ TILE_URL: 'off' }),
    ]);
    await Promise.all([plain.app.ready(), tiled.app.ready(), credited.app.ready(), off.app.ready()]);
  });
  afterAll(() => Promise.all([plain.close(), tiled.close(), credited.close(), off.close()]));

  it("names OpenStreetMap's standard tiles and their credit by default (D-25)", async () => {
    const res = await plain.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tile_attribution: { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
        vapid_public_key: null,
        mobile_money: {},
      },
    });
  });

  it('names the configured tile URL, credited to its host when no attribution is set, to anyone', async () => {
    const res = await tiled.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    // D-18: with the mobile-money payee of each configured country.
    expect(res.json()).toEqual({
      data: {
        tile_url: TILES,
        tile_attribution: { text: 'tiles.example.org', url: null },
        vapid_public_key: null,
        mobile_money: { SN: 'Wave +221 77 123 45 67' },
      },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('passes the configured attribution as text, with its link', async () => {
    const res = await credited.app.inject('/api/config');
    expect(res.json().data.tile_attribution).toEqual({ text: 'Example <b>Tiles</b>', url: 'https://example.org/c' });
  });

  it('says there are no tiles when TILE_URL is off, so the map keeps its offline country shapes', async () => {
    const res = await off.app.inject('/api/config');
    expect(res.json()).toEqual({
      data: { tile_url: null, tile_attribution: null, vapid_public_key: null, mobile_money: {} },
    });
  });
});

describe('GET /api/health (readiness)', () => {
  /** Nothing listens here (helper-obs port range): Redis configured but down. */
  const DEAD_REDIS = 'redis://127.0.0.1:25013';
  let plain: TestApp;
  let withRedis: TestApp;
  let redisDown: TestApp;
  beforeAll(async () => {
    await assertRedisReachable();
    [plain, withRedis, redisDown] = await Promise.all([
      buildTestApp(),
      buildTestApp({ REDIS_URL: TEST_REDIS_URL }),
      buildTestApp({ REDIS_URL: DEAD_REDIS }),
    ]);
    await Promise.all([plain.app.ready(), withRedis.app.ready(), redisDown.app.ready()]);
  });
  afterAll(() => Promise.all([plain?.close(), withRedis?.close(), redisDown?.close()]));

  it('is ok with the database up and Redis off (no REDIS_URL), never cached', async () => {
    const res = await plain.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', data: { status: 'ok', database: 'ok', redis: 'off' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports Redis ok once the instance is connected to it', async () => {
    // The connection opens in the background at start-up: wait for it, boundedly.
    if (withRedis.app.redis!.status !== 'ready') await once(withRedis.app.redis!, 'ready');
    const res = await withRedis.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', data: { status: 'ok', database: 'ok', redis: 'ok' } });
  });

  it('stays ready (200) but degraded when Redis is down: the instance serves without it', async () => {
    const res = await redisDown.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', data: { status: 'degraded', database: 'ok', redis: 'down' } });
  });

  // The last two end their app's readiness for good: they run last, on apps no later test uses.
  it('answers 503 while the instance drains before shutting down', async () => {
    withRedis.app.drain();
    const res = await withRedis.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', data: { status: 'draining', database: 'ok', redis: 'ok' } });
  });

  it('answers 503 degraded when the database is down', async () => {
    await redisDown.app.database.close();
    const res = await redisDown.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', data: { status: 'degraded', database: 'down', redis: 'down' } });
  });
});
