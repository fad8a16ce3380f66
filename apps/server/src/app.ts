// buildApp(config): external plugins, then app plugins, then routes. It does not listen:
// server.ts does, and tests call inject() or listen on a free port.
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { tileOrigin, type Config } from './config.js';
import type { Database } from './db/client.js';
import { createLogger, logControllerFor } from './logger.js';
import { adaptersPlugin } from './plugins/adapters.js';
import { clockPlugin } from './plugins/clock.js';
import { paymentRoutes } from './modules/payments/routes.js';
import type { PushAdapter } from './adapters/push/index.js';
import { authPlugin } from './modules/sessions/plugin.js';
import { idempotencyPlugin } from './modules/idempotency/plugin.js';
import { jobsPlugin } from './plugins/jobs.js';
import { notificationsPlugin } from './modules/notifications/plugin.js';
import { localMomoRepository, localOrdersRepository } from './modules/payments/repository.js';
import { TILE_TTL_MS } from './modules/map/tile-service.js';
import { publicCachesPlugin } from './plugins/public-caches.js';
import { LIST_TTL_MS } from './modules/solutions/list-cache.js';
import { POST_TTL_MS } from './modules/solutions/public-posts.js';
import { PLACE_LABEL_TTL_MS } from './modules/places/label-cache.js';
import { dealRoutes } from './modules/deals/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { limitsPlugin } from './plugins/limits.js';
import { multipartPlugin } from './plugins/multipart.js';
import { redisPlugin } from './plugins/redis.js';
import { metricsPlugin } from './plugins/metrics.js';
import { genReqId, requestIdPlugin } from './plugins/request-id.js';
import { dbPlugin } from './plugins/db.js';
import { drainPlugin } from './plugins/drain.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { refuseNulInput } from './lib/nul-input.js';
import { answerSerializerCompiler } from './lib/response-serializer.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { reportRoutes } from './modules/reports/routes.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { alertsPlugin } from './modules/alerts/plugin.js';
import { socialRoutes } from './modules/social/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { mapRoutes } from './modules/map/routes.js';
import { placesRoutes } from './modules/places/routes.js';
import { solutionRoutes } from './modules/solutions/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { ussdRoutes } from './modules/ussd/routes.js';

export interface AppDeps {
  database?: Database;
  logger?: FastifyBaseLogger;
  /** A push adapter built by the caller (tests: the real Web Push adapter trusting a local stub). */
  push?: PushAdapter;
  /** Hooks every route must have, added before any plugin (tests: the contract check). */
  instrument?: (app: FastifyInstance) => void;
}

/** TRUST_PROXY as Fastify takes it: a hop count is the function Fastify itself makes of one. */
const trustedProxies = ({ trustProxy }: Config): FastifyServerOptions['trustProxy'] =>
  typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger ?? (createLogger(config.logLevel) as FastifyBaseLogger),
    logController: logControllerFor(config.requestLog),
    genReqId,
    // genReqId reads x-request-id itself, keeping only sane values.
    requestIdHeader: false,
    // X-Forwarded-For only from the proxies configured (TRUST_PROXY); unset trusts none,
    // so a forged header can neither dodge a per-address limit nor put another address in the logs.
    trustProxy: trustedProxies(config),
    bodyLimit: 1024 * 1024,
    // Router refusals (bad URL encoding, a too long path parameter) in API.md's envelope.
    frameworkErrors,
    // A 431 (headers too large) and other parser refusals in the envelope too.
    clientErrorHandler,
    // Opening and migrating the embedded database can take a while on a busy two-core machine.
    pluginTimeout: 120_000,
    // Close keep-alive sockets that are idle at shutdown; in-flight requests finish first.
    forceCloseConnections: 'idle',
    // A request read just as the close begins is still answered (with connection: close), not
    // refused with Fastify's bare 503: the instance drained first (plugins/drain.ts).
    return503OnClosing: false,
  });

  deps.instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandler(app);
  // PostgreSQL text cannot hold NUL: refused before any route runs (lib/nul-input.ts).
  app.addHook('preValidation', refuseNulInput);
  await app.register(requestIdPlugin);

  await app.register(drainPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { config });
  await app.register(redisPlugin, { config });
  await app.register(limitsPlugin, { config });
  await app.register(multipartPlugin);
  await app.register(clockPlugin, { config });
  await app.register(dbPlugin, { config, database: deps.database });
  // The local payment providers keep their orders in the payments module's tables.
  const { db } = app.database;
  await app.register(adaptersPlugin, {
    config,
    push: deps.push,
    localOrders: localOrdersRepository(db),
    localMomo: localMomoRepository(db),
  });
  await app.register(jobsPlugin, { config });
  await app.register(metricsPlugin, { config });
  await app.register(authPlugin);
  // D-31: before the routes, so its onRoute hook sees every one of them.
  await app.register(idempotencyPlugin);
  await app.register(notificationsPlugin, { config });
  await app.register(publicCachesPlugin, {
    tileTtlMs: TILE_TTL_MS,
    listTtlMs: LIST_TTL_MS,
    postTtlMs: POST_TTL_MS,
    placeLabelTtlMs: PLACE_LABEL_TTL_MS,
  });
  await app.register(alertsPlugin, { config });

  await app.withTypeProvider<ZodTypeProvider>().register(systemRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(userRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(mapRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(placesRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(solutionRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(dealRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(notificationRoutes);
  await app.withTypeProvider<ZodTypeProvider>().register(socialRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(paymentRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(reportRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(alertRoutes);
  await app.withTypeProvider<ZodTypeProvider>().register(ussdRoutes, { config });

  await app.register(webPlugin, { webDist: config.webDist, tileOrigin: tileOrigin(config.tileUrl) });
  return app;
}
