// Serves the built web app; every other non-API GET gets index.html so the SPA's router
// answers deep links (/about, /tranport, ...). API paths get the JSON 404 envelope.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, linkLanguage, type Language } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';
import { noScriptPage, type NoScriptForm } from './no-script-page.js';
import { loadMapPreloads } from './web-preloads.js';

const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js']);

/**
 * The query parameters a prerendered page renders from (`/register?type=withID`,
 * `/login?error=social`): with one of them the page would differ from the one rendered at build
 * time, and hydrating over it would be a mismatch, so it gets the skeleton. Any other parameter
 * (a tracking tag, `?lang=`) leaves the page as it was rendered.
 */
const PAGE_QUERY: Record<string, string[]> = { '/login': ['error'], '/register': ['type'] };

/** `/about/` is `/about`; `/` stays. */
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

export interface WebOptions {
  webDist: string | undefined;
  /** The street tiles' server (D-25), which the map pages' early script connects to ahead. */
  tileOrigin?: string | undefined;
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const root = opts.webDist;
  const indexPath = root ? join(root, 'index.html') : undefined;
  const hasWeb = indexPath !== undefined && existsSync(indexPath);
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // The build's brotli and gzip files (vite-plugin-compression2 in apps/web/vite.config.ts), when
      // the browser takes them.
      preCompressed: true,
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

  const prerendered = root ? loadPrerendered(join(root, 'prerendered')) : new Map<string, string>();

  // The skeleton of the map's paths, with their code named (one page per language), built once.
  const preloads =
    root && indexHtml ? loadMapPreloads(join(root, '.vite', 'manifest.json'), opts.tileOrigin) : undefined;
  const mapPages = new Map(
    LANGUAGES.map((language) => [
      language,
      indexHtml
        ?.replace(/<link rel="stylesheet"[^>]*>/, (link) => `${link}${preloads?.early ?? ''}`)
        .replace('</head>', () => `${preloads?.links.get(language) ?? ''}</head>`),
    ]),
  );
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(preloads?.paths.includes(path.toLowerCase()) ? mapPages.get(pageLanguage(request)) : indexHtml);
  // A public page prerendered at build time, in the visitor's language, paints before
  // any JavaScript; other paths get index.html (the shell's skeleton).
  // A page was rendered without a query: `/register?type=withID` or `/login?error=social` render
  // otherwise, and hydrating them over it would be a mismatch, so they get the skeleton.
  const sendPage = (request: FastifyRequest, reply: FastifyReply, rawPath: string) => {
    const path = withoutTrailingSlash(rawPath);
    const search = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    const query = new URLSearchParams(search);
    const rendersQuery = PAGE_QUERY[path]?.some((name) => query.has(name)) ?? false;
    const page = rendersQuery ? undefined : prerendered.get(`${pageLanguage(request)}${path}`);
    if (!page) return sendIndex(request, reply, rawPath);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(page);
  };
  // The static plugin answers a directory ("/") with 403; the landing page is the SPA's.
  if (indexHtml) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  // Without JavaScript the prerendered sign-in and sign-up forms post to their own page: a page
  // saying JavaScript is needed answers, in the page's language (no-script-page.ts). In a scope of
  // its own: the form body is taken here, and only here, without being read.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', (error) => done(error, undefined));
    });
    for (const form of ['login', 'register'] as const satisfies NoScriptForm[]) {
      scope.post(`/${form}`, { schema: { hide: true } }, (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(noScriptPage(pageLanguage(request), form)),
      );
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const isAsset = /\.[a-z0-9]{1,8}$/i.test(path);
    if (path === '/api' || path.startsWith('/api/') || !wantsPage || isAsset || !indexHtml) {
      return sendError(reply, 'NOT_FOUND');
    }
    return sendPage(request, reply, path);
  });
});

/** `<language>/<path>` → HTML, from dist/prerendered/<language>/<page>.html ('/' is index.html). */
function loadPrerendered(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const language of LANGUAGES) {
    const folder = join(dir, language);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.html')) continue;
      const path = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
      pages.set(`${language}${path}`, readFileSync(join(folder, file), 'utf8'));
    }
  }
  return pages;
}

/** A link's `?lang=fr|en` first (the app adopts it as the user's choice), else pickLanguage. */
export function pageLanguage(request: FastifyRequest): Language {
  const at = request.url.indexOf('?');
  return (at >= 0 ? linkLanguage(request.url.slice(at + 1)) : undefined) ?? pickLanguage(request);
}

/**
 * The language of a prerendered page: the choice the app stored (its `language` cookie, written
 * next to local storage), else the browser's (Accept-Language, D-24: French → fr-ca), else
 * SPEC's default. The app renders anew, without hydrating, when its own choice differs.
 */
export function pickLanguage(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)language=([a-z-]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  const wanted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0 && (entry.primary === 'fr' || entry.primary === 'en'))
    .sort((a, b) => b.q - a.q)[0];
  if (wanted?.primary === 'fr') return 'fr-ca';
  if (wanted?.primary === 'en') return 'en-us';
  return DEFAULT_LANGUAGE;
}
