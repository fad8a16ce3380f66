import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signedUp } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/** This file's own port (helper-obs range). */
const PORT = 25012;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  reqId?: string;
  msg?: string;
  sms?: { to: string; text: string };
}

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await buildTestApp();
  // A real socket: a body arrives on the socket's own events, unlike inject's.
  address = await t.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Runs `act` and returns the log lines written meanwhile (nothing else runs in this app). */
async function linesDuring<T>(act: () => Promise<T>): Promise<{ result: T; lines: LogLine[]; raw: string[] }> {
  const from = t.logs.length;
  const result = await act();
  // "request completed" is written once the response has gone: give it a turn to arrive.
  await new Promise((r) => setImmediate(r));
  const raw = t.logs.slice(from);
  return { result, lines: raw.map((l) => JSON.parse(l) as LogLine), raw };
}

/**
 * POST /api/user/sendMessage over a real socket, the body sent a moment after the headers (as on
 * a slow phone), so it is read on the socket's later events rather than with the headers.
 */
const sendCode = (mobile: string, headers: Record<string, string> = {}) =>
  new Promise<{ statusCode: number; id: string | undefined }>((resolve, reject) => {
    const body = JSON.stringify({ mobile_no: mobile, forget_password: false });
    const req = request(`${address}/api/user/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, id: res.headers['x-request-id'] as string }));
    });
    req.flushHeaders();
    setTimeout(() => req.end(body), 50);
  });

describe('request ids', () => {
  it('answers with a new UUID in x-request-id and writes it on every log line of the request, the SMS adapter’s too', async () => {
    const { mobile_no } = newAccount();
    const { result: res, lines, raw } = await linesDuring(() => sendCode(mobile_no));
    expect(res.statusCode).toBe(200);
    const id = res.id;
    expect(id).toMatch(UUID);
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // The console SMS adapter logs through the app's logger, wired at start-up, not request.log.
    expect(lines.some((l) => l.sms?.to === mobile_no)).toBe(true);
    for (const line of lines) expect(line.reqId, JSON.stringify(line)).toBe(id);
    // Written once by the request's own logger, not twice.
    for (const text of raw) expect(text.match(/"reqId"/g)).toHaveLength(1);
  });

  it('keeps a sane x-request-id from the proxy, so one id follows the request across instances', async () => {
    const sent = 'edge-7f3a.2_X';
    const { result: res, lines } = await linesDuring(() =>
      t.app.inject({ url: '/api/catalogue', headers: { 'x-request-id': sent } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(sent);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(sent);
  });

  it('replaces an x-request-id that is too long or has odd characters with a new UUID', async () => {
    for (const sent of ['a'.repeat(65), 'a b', '<script>', '"quoted"', 'id,other', 'ünïcode', '../../etc']) {
      const { result: res, lines } = await linesDuring(() =>
        t.app.inject({ url: '/api/catalogue', headers: { 'x-request-id': sent } }),
      );
      const id = res.headers['x-request-id'];
      expect(id, sent).toMatch(UUID);
      for (const line of lines) expect(line.reqId).toBe(id);
    }
    const longest = 'b'.repeat(64);
    const res = await t.app.inject({ url: '/api/catalogue', headers: { 'x-request-id': longest } });
    expect(res.headers['x-request-id']).toBe(longest);
  });

  it('keeps the ids of overlapping requests apart', async () => {
    const [first, second] = [newAccount().mobile_no, newAccount().mobile_no];
    const { result, lines } = await linesDuring(() =>
      Promise.all([
        sendCode(first, { 'x-request-id': 'req-first' }),
        sendCode(second, { 'x-request-id': 'req-second' }),
      ]),
    );
    expect(result.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(lines.find((l) => l.sms?.to === first)?.reqId).toBe('req-first');
    expect(lines.find((l) => l.sms?.to === second)?.reqId).toBe('req-second');
    for (const line of lines) expect(['req-first', 'req-second']).toContain(line.reqId);
  });

  it('carries the id on refusals and on unknown paths', async () => {
    const { result: bad, lines } = await linesDuring(() =>
      t.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: { 'x-request-id': 'bad-1' }, payload: {} }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-request-id']).toBe('bad-1');
    expect(lines.map((l) => l.msg)).toContain('request refused');
    for (const line of lines) expect(line.reqId).toBe('bad-1');
    const missing = await t.app.inject({ url: '/api/nothing-here', headers: { 'x-request-id': 'gone-1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('gone-1');
  });

  it('sends the id on the notification stream too, whose reply bypasses Fastify', async () => {
    const user = await signedUp(t.app);
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notify/stream`, {
      headers: { ...user.headers, 'x-request-id': 'stream-1' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('stream-1');
    controller.abort();
    await res.body?.cancel().catch(() => undefined);
  });
});

describe('with REQUEST_LOG=errors (the default in production)', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await buildTestApp({ REQUEST_LOG: 'errors' });
  });
  afterAll(() => quiet.close());

  const linesOf = async <T>(act: () => Promise<T>) => {
    const from = quiet.logs.length;
    const res = await act();
    await new Promise((r) => setImmediate(r));
    return { res, lines: quiet.logs.slice(from).map((l) => JSON.parse(l) as LogLine) };
  };

  it('writes nothing for an answered request, and still sends its id', async () => {
    const { res, lines } = await linesOf(() =>
      quiet.app.inject({ url: '/api/catalogue', headers: { 'x-request-id': 'quiet-1' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('quiet-1');
    expect(lines).toEqual([]);
  });

  it('still writes a refusal, with the request id', async () => {
    const { res, lines } = await linesOf(() =>
      quiet.app.inject({
        method: 'POST',
        url: '/api/user/sendMessage',
        headers: { 'x-request-id': 'quiet-bad' },
        payload: {},
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([['request refused', 'quiet-bad']]);
  });

  it('still writes what the handler itself logs during a request, with the request id', async () => {
    const { mobile_no } = newAccount();
    const { res, lines } = await linesOf(() =>
      quiet.app.inject({
        method: 'POST',
        url: '/api/user/sendMessage',
        headers: { 'x-request-id': 'quiet-sms' },
        payload: { mobile_no, forget_password: false },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
    expect(lines.map((l) => l.msg)).not.toContain('request completed');
    const sms = lines.find((l) => l.sms?.to === mobile_no);
    expect(sms?.reqId).toBe('quiet-sms');
  });
});
