// Kept answers (the shared caches', the catalogue) are the same bytes for everyone, so they are
// compressed once per encoding and the compressed bytes are sent to every client that accepts them;
// @fastify/compress (plugins/security.ts) leaves an answer that carries a Content-Encoding alone.
// Compressing a 7 KB answer cost 124 µs with brotli 4 on every request (bench/load: zlib 5 % of the
// instances' CPU; the catalogue route 37 %).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Brotli's quality for an answer compressed for one request (plugins/security.ts) and for a kept
 * answer, compressed once for everyone who asks. On a 22 KB list page and a 10 KB map view, quality
 * 3 cost 10 to 40 % less CPU than @fastify/compress's 4 for 3 % more bytes; quality 5 saves 3 to 7 %
 * of the bytes of the answers sent most (tiles, newest pages, details) for half again a one-off cost.
 */
export const BROTLI_QUALITY = { answer: 3, kept: 5 } as const;

/** Brotli's settings for JSON at a quality. */
export const brotliParams = (quality: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: quality,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
});

/** As @fastify/compress is set up (plugins/security.ts): smaller answers go as they are. */
export const COMPRESS_THRESHOLD = 1024;
/** The encodings, in the server's order of preference, as @fastify/compress is given them. */
export const ENCODINGS = ['br', 'gzip', 'deflate'] as const;

/** The encoding @fastify/compress would choose for an Accept-Encoding (its getEncodingHeader), by header. */
const chosen = new Map<string, string | null>();
function encodingFor(header: string): string | null {
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
    // Browsers send a handful of values; anything may be sent, so the memory is bounded.
    if (chosen.size >= 1_000) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}
/** The compressed bytes of each kept answer, by encoding; gone with the answer. */
const compressed = new WeakMap<object, Map<string, Buffer>>();

function compress(body: string, encoding: 'br' | 'gzip' | 'deflate'): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: brotliParams(BROTLI_QUALITY.kept) });
  return encoding === 'gzip' ? gzipSync(body) : Buffer.from(body);
}

/** An answer's JSON as kept, sent as it is (sendKept), with what it is kept with. */
export interface KeptBody {
  body: string;
  /** Lives as long as `body` is kept: its compressed bytes are kept with it. */
  owner: object;
}

/**
 * Sends `body`, the JSON kept with `owner` (a cached answer, or a module's constant), compressed
 * once for all the requests that accept the same encoding.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, owner: object, body: string): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? encodingFor(accepted) : null;
  // deflate is left to @fastify/compress: no browser asks for it alone.
  if (
    (encoding !== 'br' && encoding !== 'gzip') ||
    Buffer.byteLength(body) < COMPRESS_THRESHOLD ||
    request.headers['x-no-compression'] !== undefined
  ) {
    return reply.send(body);
  }
  let byEncoding = compressed.get(owner);
  if (!byEncoding) compressed.set(owner, (byEncoding = new Map()));
  let bytes = byEncoding.get(encoding);
  if (!bytes) byEncoding.set(encoding, (bytes = compress(body, encoding)));
  reply.header('content-encoding', encoding);
  // As @fastify/compress does: added to a Vary the route set (access-token), never twice.
  const vary = reply.getHeader('vary');
  const listed = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!listed.some((v) => v.includes('accept-encoding')))
    reply.header('vary', [...listed, 'accept-encoding'].join(', '));
  return reply.send(bytes);
}

/** An answer's JSON, serialised for this request alone: sent as it is, compressed as any answer. */
export interface SerialisedBody {
  json: string;
}
