// Serves the built web app; every other non-API GET gets index.html so the SPA's router
// answers deep links (/about, /tranport, ...). API paths get the JSON 404 envelope.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js']);

export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
  const root = opts.webDist;
  const indexPath = root ? join(root, 'index.html') : undefined;
  const hasWeb = indexPath !== undefined && existsSync(indexPath);
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        const name = path.slice(path.lastIndexOf('/') + 1);
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (NO_CACHE.has(name) || name.endsWith('.webmanifest')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=86400');
      },
    });
  } else {
    app.log.warn({ webDist: root }, 'no built web app found: serving the API only');
  }
  // Read once: index.html is small and only changes with a new build (a restart).
  const indexHtml = hasWeb && indexPath ? readFileSync(indexPath, 'utf8') : undefined;

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  // The static plugin answers a directory ("/") with 403; the landing page is the SPA's.
  if (indexHtml) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const isAsset = /\.[a-z0-9]{1,8}$/i.test(path);
    if (path === '/api' || path.startsWith('/api/') || !wantsPage || isAsset || !indexHtml) {
      return sendError(reply, 'NOT_FOUND');
    }
    return sendIndex(reply);
  });
});
