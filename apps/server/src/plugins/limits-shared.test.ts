// Two doors, one quota: a limiter that counts with another (USSD's posting quota with the web's)
// uses its counter, so what one door spent, the other cannot spend again.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { limitsPlugin } from './limits.js';

describe('a limiter that counts with another', () => {
  it('refuses on either door once their shared count is spent, per key', async () => {
    const app = Fastify();
    await app.register(limitsPlugin, { config: { redisUrl: undefined } });
    const key = (request: { headers: Record<string, unknown> }) => String(request.headers['x-account']);
    const web = app.limiter('web-door', { max: 3, timeWindow: 60_000, key });
    const phone = app.limiter('phone-door', { max: 99, timeWindow: 60_000, key, countsWith: 'web-door' });
    app.post('/web', { preHandler: web }, async () => 'ok');
    app.post('/phone', { preHandler: phone }, async () => 'ok');
    const call = (url: string, account = 'a') =>
      app.inject({ method: 'POST', url, headers: { 'x-account': account } }).then((r) => r.statusCode);

    expect([await call('/web'), await call('/phone'), await call('/web')]).toEqual([200, 200, 200]);
    expect(await call('/phone')).toBe(429);
    expect(await call('/web')).toBe(429);
    // Another account has its own count.
    expect(await call('/phone', 'b')).toBe(200);
    await app.close();
  });

  it('must be defined after the limiter it counts with', async () => {
    const app = Fastify();
    await app.register(limitsPlugin, { config: { redisUrl: undefined } });
    const key = () => 'k';
    expect(() => app.limiter('early', { max: 1, timeWindow: 1000, key, countsWith: 'later' })).toThrow(
      /must be defined first/,
    );
    await app.close();
  });
});
