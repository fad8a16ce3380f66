// The benches' server process: the real app (buildApp), in its own process so that the load tool
// and the timing client do not share its event loop. Forked by app-server.mjs; reports its port
// over IPC and closes on 'close'.
import { register } from 'tsx/esm/api';

register();
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { createLogger } = await import('../../apps/server/src/logger.ts');
const pino = (await import('pino')).default;

const env = process.env;
const config = loadConfig({
  // Not 'production': that demands real SMS, mail and payment providers, which no bench calls.
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: env.DATABASE_URL,
  DATA_DIR: env.DATA_DIR,
  DEMO_DATA: env.DEMO_DATA ?? 'false',
  LOG_LEVEL: env.LOG_LEVEL ?? 'info',
  // All the load comes from one address: the per-address limits (the map's too) are out of the way.
  RATE_LIMIT_SCALE: env.RATE_LIMIT_SCALE ?? '10000',
  // bench/alerts times publishing with and without the job queue.
  ...(env.JOBS ? { JOBS: env.JOBS } : {}),
  // bench/propagation runs two instances over one Redis.
  ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {}),
});
// Request logs cost what they cost in production, but go nowhere.
const app = await buildApp(config, { logger: createLogger(config.logLevel, pino.destination('/dev/null')) });
await app.listen({ host: config.host, port: config.port });
process.send?.({ port: app.server.address().port });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
