// Draining: once told to, the instance says it is not ready but still answers every request,
// each closing its connection so keep-alive clients go elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

const PORT = 25250;

describe('drain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('keeps answering, with connection: close, and health turns 503 draining', async () => {
    const before = await fetch(`http://127.0.0.1:${PORT}/api/catalogue`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).toBe('keep-alive');
    expect(t.app.draining).toBe(false);

    t.app.drain();
    expect(t.app.draining).toBe(true);
    const during = await fetch(`http://127.0.0.1:${PORT}/api/catalogue`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(((await health.json()) as { status: string }).status).toBe('draining');
  });
});
