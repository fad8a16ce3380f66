// buildApp(config): external plugins, then app plugins, then routes. It does not listen:
// server.ts does, and tests call inject() or listen on a free port.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createLogger } from './logger.js';
import { adaptersPlugin } from './plugins/adapters.js';
import { clockPlugin } from './plugins/clock.js';
import { paymentRoutes } from './modules/payments/routes.js';
import type { PushAdapter } from './adapters/push/index.js';
import { authPlugin } from './plugins/auth.js';
import { notificationsPlugin } from './plugins/notifications.js';
import { dealRoutes } from './modules/deals/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { limitsPlugin } from './plugins/limits.js';
import { dbPlugin } from './plugins/db.js';
import { registerErrorHandler } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { socialRoutes } from './modules/social/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { mapRoutes } from './modules/map/routes.js';
import { solutionRoutes } from './modules/solutions/routes.js';
import { userRoutes } from './modules/users/routes.js';

export interface AppDeps {
  database?: Database;
  logger?: FastifyBaseLogger;
  /** A push adapter built by the caller (tests: the real Web Push adapter trusting a local stub). */
  push?: PushAdapter;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger ?? (createLogger(config.logLevel) as FastifyBaseLogger),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Opening and migrating the embedded database can take a while on a busy two-core machine.
    pluginTimeout: 120_000,
    // Close keep-alive sockets that are idle at shutdown; in-flight requests finish first.
    forceCloseConnections: 'idle',
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(limitsPlugin);
  await app.register(clockPlugin, { config });
  await app.register(adaptersPlugin, { config, push: deps.push });
  await app.register(dbPlugin, { config, database: deps.database });
  await app.register(authPlugin);
  await app.register(notificationsPlugin, { config });

  await app.withTypeProvider<ZodTypeProvider>().register(systemRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(userRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(mapRoutes);
  await app.withTypeProvider<ZodTypeProvider>().register(solutionRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(dealRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(notificationRoutes);
  await app.withTypeProvider<ZodTypeProvider>().register(socialRoutes, { config });
  await app.withTypeProvider<ZodTypeProvider>().register(paymentRoutes, { config });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
