// Starts the app for a bench in its own process (app-server-process.mjs) and resolves with the
// child and its port. `env` sets DATABASE_URL, DATA_DIR and, when a bench needs other than the
// defaults there, DEMO_DATA, LOG_LEVEL and RATE_LIMIT_SCALE.
import { fork } from 'node:child_process';

export async function startAppServer(env, options = {}) {
  const child = fork(new URL('./app-server-process.mjs', import.meta.url), {
    env: { ...process.env, ...env },
    ...options,
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the app server exited with ${code}`)));
  });
  return { child, port };
}
