// Kept answers are compressed once and sent as @fastify/compress would have sent them: the same
// encoding for every Accept-Encoding, the same JSON once decoded, Vary kept.
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, ENCODINGS, sendKept } from './send-kept.js';

const big = JSON.stringify({ data: Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Tractor ${i}` })) });
const small = JSON.stringify({ data: 'short' });
const owner = {};
const smallOwner = {};

const app = Fastify();
beforeAll(async () => {
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: [...ENCODINGS] });
  // The same bytes, compressed per request by the plugin, and kept.
  app.get('/dynamic', async (_request, reply) => reply.type('application/json; charset=utf-8').send(big));
  app.get('/kept', async (request, reply) => sendKept(request, reply, owner, big));
  app.get('/kept-small', async (request, reply) => sendKept(request, reply, smallOwner, small));
  app.get('/kept-varied', async (request, reply) =>
    sendKept(request, reply.header('vary', 'access-token'), owner, big),
  );
  await app.ready();
});
afterAll(() => app.close());

const decoded = (encoding: string | undefined, bytes: Buffer) =>
  (({ br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync })[encoding ?? ''] ?? ((b: Buffer) => b))(
    bytes,
  ).toString();

describe('sendKept', () => {
  it.each([
    'gzip, deflate, br',
    'br',
    'gzip',
    'GZIP',
    'br;q=0, gzip',
    'gzip;q=0.5, br;q=0.9',
    'x-gzip',
    '*',
    'identity',
    'deflate',
    'zstd',
  ])('chooses what @fastify/compress chooses for "%s", and the body decodes to the same JSON', async (accepted) => {
    const headers = { 'accept-encoding': accepted };
    const dynamic = await app.inject({ url: '/dynamic', headers });
    const kept = await app.inject({ url: '/kept', headers });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-encoding']).toBe(dynamic.headers['content-encoding']);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(decoded(kept.headers['content-encoding'] as string | undefined, kept.rawPayload)).toBe(big);
    expect(kept.headers.vary).toBe(dynamic.headers.vary);
  });

  it('sends the same compressed bytes to every client, and small answers as they are', async () => {
    const headers = { 'accept-encoding': 'br' };
    const [one, two] = [await app.inject({ url: '/kept', headers }), await app.inject({ url: '/kept', headers })];
    expect(one.headers['content-encoding']).toBe('br');
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
    const short = await app.inject({ url: '/kept-small', headers });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body).toBe(small);
  });

  it("adds accept-encoding to the route's Vary once", async () => {
    const res = await app.inject({ url: '/kept-varied', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.vary).toBe('access-token, accept-encoding');
  });
});
