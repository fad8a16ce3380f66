// GET /api/places and GET /api/places/reverse (API.md, D-26): public, bounded per address.
import {
  dataOf,
  errorSchema,
  placeLabelSchema,
  placeLabelsQuerySchema,
  placeSchema,
  placesQuerySchema,
  reversePlaceSchema,
  reverseQuerySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { pickLanguage } from '../../plugins/web.js';
import { labelCache } from './label-cache.js';
import { buildPlacesService, type PlaceLanguage } from './service.js';

/** Typing in the place box asks about once a keystroke pause: generous for a person, not for a scraper. */
const PER_MINUTE = 120;
/** A view's names per pan or zoom: a person panning quickly, not a crawler of the world. */
const LABELS_PER_MINUTE = 240;
/** A day: place names do not move. */
const LABELS_MAX_AGE_S = 86_400;

export const placesRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'rateLimitScale'> }> = async (
  app,
  { config },
) => {
  const places = buildPlacesService(app.database.db);
  const cachedLabels = labelCache(app.publicCaches.placeLabels, (query) => places.labels(query));
  const preHandler = app.limiter('places:address', {
    max: PER_MINUTE * config.rateLimitScale,
    timeWindow: 60_000,
    key: (request) => request.ip,
  });
  // The `lang` asked for, else the caller's (language cookie, Accept-Language).
  const languageOf = (lang: PlaceLanguage | undefined, request: Parameters<typeof pickLanguage>[0]) =>
    lang ?? (pickLanguage(request) === 'fr-ca' ? 'fr' : 'en');

  app.get(
    '/api/places',
    {
      preHandler,
      schema: {
        tags: ['places'],
        summary: 'Cities by name (accent- and typo-tolerant), best first; closer to `near` ranks higher',
        querystring: placesQuerySchema,
        response: { 200: dataOf(z.array(placeSchema)), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept-language, cookie');
      return { data: await places.search(request.query, languageOf(request.query.lang, request)) };
    },
  );

  // The map asks once per view while street tiles are off: as many views as a person pans.
  const labelsLimit = app.limiter('places:labels', {
    max: LABELS_PER_MINUTE * config.rateLimitScale,
    timeWindow: 60_000,
    key: (request) => request.ip,
  });
  app.get(
    '/api/places/labels',
    {
      preHandler: labelsLimit,
      schema: {
        tags: ['places'],
        summary: 'The most populous place per part of the view (at most 40): the names a map without tiles draws',
        querystring: placeLabelsQuerySchema,
        response: { 200: dataOf(z.array(placeLabelSchema)), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      // The same for everybody and GeoNames changes with a release: shared caches and the
      // service worker keep a view's names for a day.
      reply.header('cache-control', `public, max-age=${LABELS_MAX_AGE_S}`);
      // Serialised once when computed (label-cache.ts): sent as it is.
      const body = await cachedLabels.labels(request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/places/reverse',
    {
      preHandler,
      schema: {
        tags: ['places'],
        summary: 'The city nearest to a point, with its distance',
        querystring: reverseQuerySchema,
        response: { 200: dataOf(reversePlaceSchema), 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const place = await places.reverse(request.query, languageOf(request.query.lang, request));
      if (!place) throw new AppError('NOT_FOUND');
      reply.header('vary', 'accept-language, cookie');
      return { data: place };
    },
  );
};
