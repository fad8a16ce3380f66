// bench/search's server process: the real app (buildApp) on the bench database, in its own process
// so that the timing client does not share its event loop. Started by run.mjs with DATABASE_URL
// set; reports its port over IPC and closes on 'close'. As bench/map/server.mjs, but the
// per-address limits are scaled up: every request of the bench comes from 127.0.0.1.
import { register } from 'tsx/esm/api';

register();
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { createLogger } = await import('../../apps/server/src/logger.ts');
const pino = (await import('pino')).default;

const config = loadConfig({
  // Not 'production': that demands real SMS, mail and payment providers, which search never calls.
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR,
  DEMO_DATA: 'false',
  LOG_LEVEL: 'info',
  RATE_LIMIT_SCALE: '10000',
});
// Request logs cost what they cost in production, but go nowhere.
const app = await buildApp(config, { logger: createLogger('info', pino.destination('/dev/null')) });
await app.listen({ host: config.host, port: config.port });
process.send?.({ port: app.server.address().port });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
