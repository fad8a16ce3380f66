import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { throwawayDatabaseUrl } from '../../test/databases.js';
import { UNMATCHED_ROUTE } from './metrics.js';

/** This file's own port (helper-obs range) for the one test that needs a real socket. */
const STREAM_PORT = 25011;

/** The value of one sample line, e.g. `http_requests_total{method="GET",route="/x",status="200"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics without METRICS_TOKEN (development and tests)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('counts requests and their latency by method, route pattern and status', async () => {
    for (let i = 0; i < 3; i += 1) expect((await a.app.inject('/api/catalogue')).statusCode).toBe(200);
    const missing = await a.app.inject('/api/users/not-a-uuid/nothing');
    expect(missing.statusCode).toBe(404);
    const res = await a.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/catalogue",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/catalogue",status="200"}')).toBe(
      3,
    );
    expect(
      sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/catalogue",status="200"}'),
    ).toBe(3);
    expect(sample(text, `http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status="404"}`)).toBe(1);
  });

  it('labels every unmatched path the same, so scanners cannot grow the series', async () => {
    for (const path of ['/wp-admin/setup.php', '/.env', '/api/x?y=1', '/api/zzz/1', '/cgi-bin/a.cgi']) {
      await a.app.inject(path);
    }
    const text = await scrape(a);
    const routes = new Set([...text.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));
    expect(routes.has(UNMATCHED_ROUTE)).toBe(true);
    for (const route of routes) expect(route === UNMATCHED_ROUTE || route!.startsWith('/')).toBe(true);
    expect(text).not.toMatch(/wp-admin|\.env|cgi-bin|zzz/);
  });

  it('keeps each app’s counts to itself (one registry per app)', async () => {
    await b.app.inject('/api/health');
    const text = await scrape(b);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(text).not.toContain('route="/api/catalogue"');
  });

  it('includes the process metrics, and no pool series on the embedded database', async () => {
    const text = await scrape(a);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).not.toContain('db_pool_');
    expect(sample(text, 'notification_streams_open')).toBe(0);
  });

  it('counts open notification streams while they stay open', async () => {
    const user = await signedUp(a.app);
    const address = await a.app.listen({ port: STREAM_PORT, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, { headers: user.headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // ": connected": the stream is registered.
    expect(sample(await scrape(a), 'notification_streams_open')).toBe(1);
    controller.abort();
    await reader.closed.catch(() => undefined);
    // The server sees the socket close a moment later.
    let open = 1;
    for (let i = 0; i < 100 && open !== 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      open = sample(await scrape(a), 'notification_streams_open') ?? -1;
    }
    expect(open).toBe(0);
  });
});

describe('GET /metrics with METRICS_TOKEN (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: 'scrape-secret-1' });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers 401 with the error envelope without the right bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-secret-', 'scrape-secret-1', 'Basic x']) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'AUTH_FAILED', message: 'Authentication failed' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the scraper that sends the token', async () => {
    const text = await scrape(t, { authorization: 'Bearer scrape-secret-1' });
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(sample(text, 'http_requests_total{method="GET",route="/metrics",status="401"}')).toBe(5);
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics on PostgreSQL', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof throwawayDatabaseUrl>>;
  beforeAll(async () => {
    database = await throwawayDatabaseUrl();
    t = await buildTestApp({ DATABASE_URL: database.url, DATABASE_POOL_MAX: '1' });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('reports the pool: connections open, idle, and queries waiting for one', async () => {
    const idle = await scrape(t);
    expect(sample(idle, 'db_pool_connections_total')).toBeLessThanOrEqual(1);
    expect(sample(idle, 'db_pool_waiting_clients')).toBe(0);
    // Pool of one: the first query takes the connection, the second waits for it.
    // Drizzle queries start when awaited: start both, then wait until the pool has handed them out.
    const slow = Promise.all([t.app.database.db.execute('select pg_sleep(1)'), t.app.database.db.execute('select 1')]);
    for (let i = 0; i < 100 && t.app.database.poolStats()?.waiting !== 1; i += 1)
      await new Promise((r) => setTimeout(r, 5));
    const busy = await scrape(t);
    expect(sample(busy, 'db_pool_connections_total')).toBe(1);
    expect(sample(busy, 'db_pool_connections_idle')).toBe(0);
    expect(sample(busy, 'db_pool_waiting_clients')).toBe(1);
    await slow;
    const after = await scrape(t);
    expect(sample(after, 'db_pool_connections_total')).toBe(1);
    expect(sample(after, 'db_pool_connections_idle')).toBe(1);
    expect(sample(after, 'db_pool_waiting_clients')).toBe(0);
  });
});
