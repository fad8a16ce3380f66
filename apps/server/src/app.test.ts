import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATEGORIES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_BIG_SCRIPT, FAKE_INDEX, buildTestApp, type TestApp } from '../test/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' }, { web: true });
  // Routes that exist only to exercise the central error handler.
  // Routes of this test only, not of the API: left out of the contract (hide).
  t.app.post('/api/test/echo', { schema: { hide: true, body: z.object({ n: z.number().int() }) } }, async (req) => ({
    data: req.body,
  }));
  t.app.get('/api/test/crash', { schema: { hide: true } }, async () => {
    throw new Error('connect ECONNREFUSED db-password=hunter2 at /srv/app/secret.ts:12');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the service and the database as ok', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', data: { status: 'ok', database: 'ok', redis: 'off' } });
  });
});

describe('GET /api/catalogue', () => {
  it('serves the 13 categories with bilingual names and minor-unit prices', async () => {
    const res = await t.app.inject('/api/catalogue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.categories).toHaveLength(13);
    expect(body.data.categories[0]).toMatchObject({
      id: 'Delivery',
      route: '/delivery',
      name: { en: 'Delivery', fr: 'Livraison' },
    });
    expect(body.data.categories[3].subcategories[2]).toMatchObject({ prices: { USD: 55, EUR: 50, XOF: 330 } });
    expect(body.data.categories.map((c: { id: string }) => c.id)).toEqual(CATEGORIES.map((c) => c.id));
  });

  it('answers 304 to a phone that already has it, and compresses it', async () => {
    const first = await t.app.inject({ url: '/api/catalogue', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: '/api/catalogue', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('errors', () => {
  it('answers an unknown API path with the NOT_FOUND envelope', async () => {
    const res = await t.app.inject('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers invalid input with VALIDATION and the field at fault', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields)).toEqual(['n']);
  });

  it('answers malformed JSON with VALIDATION', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('answers an unsupported content type with UNSUPPORTED_MEDIA', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<n>1</n>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA');
  });

  it('answers a body over the limit with PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: `{"n":1,"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides the details of a server failure and logs them', async () => {
    const res = await t.app.inject('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
    expect(res.body).not.toMatch(/hunter2|secret\.ts|ECONNREFUSED|stack/);
    expect(t.logs.join('')).toContain('hunter2');
  });
});

describe('the web app', () => {
  it.each(['/', '/about', '/tranport', '/clientsdetails/abc/def', '/login?error=expirationError'])(
    'serves index.html for the SPA route %s',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(FAKE_INDEX);
    },
  );

  it('serves hashed assets for a year and the service worker uncached', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends a script only the headers that apply to it; pages and the service worker keep them all', async () => {
    const asset = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['etag']).toBeTruthy();
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'last-modified'])
      expect(asset.headers[name], name).toBeUndefined();
    for (const url of ['/', '/sw.js']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      // Geolocation only from the app itself; no camera or microphone.
      expect(res.headers['permissions-policy'], url).toContain('geolocation=(self)');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('microphone=()');
    }
  });

  it("sends the build's brotli file to a browser that takes brotli, and gzip to one that does not", async () => {
    const br = await t.app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    // The build's own bytes, not a compression made for the request.
    expect(br.rawPayload.equals(brotliCompressSync(FAKE_BIG_SCRIPT))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FAKE_BIG_SCRIPT);
    const gzip = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(FAKE_BIG_SCRIPT);
    const plain = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FAKE_BIG_SCRIPT);
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject('/assets/gone-123.js');
    expect(res.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows the map and no inline script', async () => {
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('GET /api/docs', () => {
  it('publishes an OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/catalogue']));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Catalogue', 'Health']));
    expect(doc.paths['/api/docs']).toBeUndefined();
  });
});

describe('request logs', () => {
  it('redact the session key, passwords and codes', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo?code=482913&next=/x',
      headers: { 'access-token': 'secret-session-key-123', authorization: 'Bearer abc' },
      payload: { n: 'bad', password: 'p4ssw0rd!' },
    });
    const logs = t.logs.join('');
    expect(logs).toContain('/api/test/echo?code=[Redacted]&next=/x');
    expect(logs).not.toContain('secret-session-key-123');
    expect(logs).not.toContain('482913');
    expect(logs).not.toContain('p4ssw0rd!');
    expect(logs).toMatch(/"access-token":"\[Redacted\]"/);
  });
});
