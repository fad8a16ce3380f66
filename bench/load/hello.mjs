// bench/load's yardstick: a bare Fastify hello-world, shaped like the app under test (node:cluster,
// INSTANCES workers, default 2, sharing one port), so the ratio compares the app's work with
// Fastify's floor on the same machine. Forked by run.mjs: reports its port over IPC once every
// worker listens, and stops its workers on 'close' or when run.mjs goes away.
import cluster from 'node:cluster';
import Fastify from 'fastify';

const instances = Number(process.env.INSTANCES ?? 2);

if (cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === instances) process.send?.({ port: address.port });
  });
  const stop = () => {
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('message', (message) => message === 'close' && stop());
  process.on('disconnect', stop);
  for (let i = 0; i < instances; i++) cluster.fork();
} else {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  // Port 0: every worker of a cluster gets the same port, chosen by the primary.
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
