// bench/web's server process: the real app (buildApp) serving the built web app, on an embedded
// database seeded with the demo data (the demo user signs in; 320 posts on the map). Reports its
// port over IPC and closes on 'close'.
import { register } from 'tsx/esm/api';

register();
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { createLogger } = await import('../../apps/server/src/logger.ts');
const pino = (await import('pino')).default;

const config = loadConfig({
  // Not 'production': that demands real SMS, mail and payment providers, which no page here calls.
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: process.env.DATA_DIR,
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  // Lighthouse and the profile reload the same pages many times from one address.
  RATE_LIMIT_SCALE: '100',
});
const app = await buildApp(config, { logger: createLogger('warn', pino.destination('/dev/null')) });
await app.listen({ host: config.host, port: config.port });
process.send?.({ port: app.server.address().port });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
