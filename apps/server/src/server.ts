// The process: read config, build the app, listen, and shut down gracefully on SIGTERM/SIGINT:
// drain first (health answers 503, responses close their connections, requests still succeed)
// for SHUTDOWN_DRAIN_MS so the load balancer stops sending, then close (in-flight requests
// finish, idle connections close, then the database) and exit 0. A second signal exits at once.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Time left for in-flight requests and the database to close after draining. */
const CLOSE_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  closeWithGrace(
    {
      delay: config.shutdownDrainMs + CLOSE_TIMEOUT_MS,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) {
        app.log.error({ err }, 'fatal error, shutting down');
      } else {
        app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining, then shutting down');
        app.drain();
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      app.log.info('closed');
    },
  );
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
