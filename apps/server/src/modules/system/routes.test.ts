import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

describe('GET /api/config (D-19)', () => {
  let plain: TestApp;
  let tiled: TestApp;
  beforeAll(async () => {
    [plain, tiled] = await Promise.all([buildTestApp(), buildTestApp({ TILE_URL: TILES })]);
    await Promise.all([plain.app.ready(), tiled.app.ready()]);
  });
  afterAll(() => Promise.all([plain.close(), tiled.close()]));

  it('says there is no tile URL by default, so the map keeps its offline country shapes', async () => {
    const res = await plain.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tile_url: null, vapid_public_key: null } });
  });

  it('names the configured tile URL, to anyone (the visitor map needs it too)', async () => {
    const res = await tiled.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tile_url: TILES, vapid_public_key: null } });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
