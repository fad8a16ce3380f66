// Security headers and compression. The CSP allows what the map needs: inline style attributes
// (Leaflet positions tiles and markers with them), data:/blob: images, and the tile host when a
// tile URL is configured (D-19); scripts only from our own origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { tileOrigin, type Config } from '../config.js';
import { BROTLI_QUALITY, brotliParams, COMPRESS_THRESHOLD, ENCODINGS } from '../lib/send-kept.js';

export function contentSecurityPolicy(config: Pick<Config, 'tileUrl' | 'publicUrl'>): Record<string, string[] | null> {
  const tiles = tileOrigin(config.tileUrl);
  const extra = tiles ? [tiles] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'connect-src': ["'self'", ...extra],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only upgrade where the site is served over HTTPS; on http://localhost it would break loads.
    'upgrade-insecure-requests': config.publicUrl?.startsWith('https:') ? [] : null,
  };
}

/**
 * The browser features the app may use. Only geolocation (the map's "near me" and the
 * post form's position), from our own origin; no camera, microphone, payment or sensor API.
 */
export const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

/**
 * Headers that govern a document (or a worker) and mean nothing on a script or a
 * stylesheet. Helmet puts them on every answer: about 800 bytes each, and a cold map screen loads
 * some 40 scripts and styles, which is 32 KB, over half a second at 400 kbps on HTTP/1.1. The
 * hashed files under /assets/ keep the headers that do apply to them (nosniff, CORP) and their
 * ETag; Last-Modified adds nothing to a file that never changes. The service worker (/sw.js) is
 * not under /assets/, so it keeps its CSP; so do SVG images, which can be opened as documents.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'last-modified',
];
const SCRIPT_OR_STYLE = /^\/assets\/[^/?]+\.(?:js|css)(?:\?|$)/;

/**
 * What a JSON answer needs in place of a document's policy (OWASP's REST Security Cheat Sheet):
 * nothing may load from it and nobody may frame it. The document's headers, about 930 bytes, were
 * on every API answer, as many as a compressed map view's whole body; HTTP/1.1 repeats them all.
 */
export const API_ANSWER_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-frame-options', 'DENY'],
];
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/;

/**
 * The headers helmet sets for these options, and the permissions policy. They never vary by
 * request, so they are worked out once: @fastify/helmet ran helmet(options) on every request,
 * which rebuilt and checked the whole policy each time (docs/performance.md).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  return [...headers];
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
    // HSTS whenever the public address is https (a year; http://localhost never gets it).
    hsts: opts.config.publicUrl?.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // One frame policy: nobody may frame the app. The CSP says it (frame-ancestors 'none') and
    // X-Frame-Options says the same to browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
  });
  // An API answer is JSON, a redirect or a stream, but a few are pages (the local sign-in's form)
  // or images (an SVG opens as a document): those get the document's headers back in onSend.
  const documentOnly = new Set(DOCUMENT_ONLY_HEADERS);
  const apiHeaders = [
    ...headers.filter(([name]) => !documentOnly.has(name) || name === 'strict-transport-security'),
    ...API_ANSWER_HEADERS,
  ];
  // On the raw response, as helmet does, so hijacked replies (the notification stream) have them.
  const isApi = (url: string) => url.startsWith('/api/');
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApi(request.url) ? apiHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApi(request.url)) {
      if (SCRIPT_OR_STYLE.test(request.url)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return done(null, payload);
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !JSON_TYPE.test(type))
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // API answers carry session keys and personal data: no browser or proxy keeps them, unless the
    // route says otherwise (the public reads: catalogue, config, map views, images).
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // Compress JSON and text above 1 KB: data is slow and costly for our users. Up to 256 KB in one
  // synchronous call: a zlib stream per response cost about 6× the CPU on a 10 KB list and 1.6×
  // on an 80 KB street map (bench/load), and a small server has no spare core for the stream's
  // thread pool to use. The largest JSON answer, a map view, stays under 100 KB (D-20).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: 262_144,
    encodings: [...ENCODINGS],
    brotliOptions: { params: brotliParams(BROTLI_QUALITY.answer) },
  });
});
