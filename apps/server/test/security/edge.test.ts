// At the edge of the app: forwarding headers believed only from the proxies configured
// (item 3), the payment return's redirect built from configuration only, HSTS with an https
// PUBLIC_URL, a Permissions-Policy, and a 431 in the error envelope ("Also").
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';

let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  // RATE_LIMIT_SCALE 1: the per-address limits as in production (SMS codes: 30 per address per 15 min).
  plain = await buildTestApp({ RATE_LIMIT_SCALE: '1' });
  proxied = await buildTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1', PUBLIC_URL: 'https://market.example.org' });
  await Promise.all([plain.app.ready(), proxied.app.ready()]);
}, 400_000);
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

let counter = 0;
/** sendMessage for a new number each time: only the per-address limit can refuse it. */
const sendCode = (t: TestApp, headers: Record<string, string>, remoteAddress?: string) => {
  counter += 1;
  const mobile = `+22176${String(1_000_000 + counter).slice(-7)}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/user/sendMessage',
    headers,
    payload: { mobile_no: mobile, forget_password: false },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
};

/** The addresses the request log lines recorded. */
const loggedAddresses = (t: TestApp) =>
  t.logs.flatMap((line) => {
    const address = (JSON.parse(line) as { req?: { remoteAddress?: string } }).req?.remoteAddress;
    return address ? [address] : [];
  });

describe('TRUST_PROXY', () => {
  it('unset, a forged X-Forwarded-For per request gets no fresh bucket and is not logged', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await sendCode(plain, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    const logged = loggedAddresses(plain);
    expect(logged).toContain('127.0.0.1');
    expect(logged.filter((a) => a.startsWith('203.0.113.'))).toEqual([]);
  });

  it('with one trusted hop (Caddy), counts and logs the address the proxy saw, not one the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      // Caddy appends the address it saw; whatever the client put before it is not believed.
      const res = await sendCode(proxied, { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.7` }, '10.0.0.2');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy has its own bucket.
    expect((await sendCode(proxied, { 'x-forwarded-for': '198.51.100.8' }, '10.0.0.2')).statusCode).toBe(200);
    const logged = loggedAddresses(proxied);
    expect(logged).toContain('198.51.100.7');
    expect(logged.filter((a) => a.startsWith('203.0.113.') || a === '10.0.0.2')).toEqual([]);
  });
});

describe('the payment return redirect ("Also")', () => {
  const hop = (t: TestApp) =>
    t.app.inject({
      url: '/api/payment/return?solution_id=abc&token=ORDER-1&PayerID=P1',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });

  it('is relative without PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const res = await hop(plain);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/successurl?solution_id=abc&paymentId=ORDER-1&PayerID=P1');
  });

  it('is on PUBLIC_URL when it is set', async () => {
    const res = await hop(proxied);
    expect(res.headers.location).toBe(
      'https://market.example.org/successurl?solution_id=abc&paymentId=ORDER-1&PayerID=P1',
    );
  });
});

describe('security headers ("Also")', () => {
  it('sends HSTS with an https PUBLIC_URL, and never on plain http', async () => {
    const secure = await proxied.app.inject({ url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await plain.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it("sends a JSON answer a policy that lets nothing load from it or frame it, without a page's other headers", async () => {
    for (const t of [plain, proxied]) {
      const res = await t.app.inject({ url: '/api/catalogue' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['permissions-policy', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(res.headers[name], name).toBeUndefined();
      // An error is JSON too.
      const refused = await t.app.inject({ url: '/api/user/me' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers headers over the limit with 431 in the error envelope', async () => {
    await plain.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = plain.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toContain('application/json');
    expect(JSON.parse(answer.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request headers too large' });
  });
});
