// A private redis-server on a port of the test's own, so a test may stop and restart it without
// touching the Redis others share. Nothing is saved: a restart starts empty.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';

export interface PrivateRedis {
  readonly url: string;
  /** A client of this server (lazy; reconnects after a restart). */
  readonly client: Redis;
  /** Stops the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops the server and disconnects the client. */
  dispose(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  client.on('error', () => undefined);

  const start = async () => {
    let output = '';
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
    started.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    started.once('error', (error) => (output += `\n${error.message}`));
    running.add(started);
    let gone = false;
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        gone = true;
        running.delete(started);
        resolve();
      }),
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!/Ready to accept connections/.test(output)) {
      if (gone || Date.now() > deadline) {
        throw new Error(`redis-server on port ${port} did not start (is redis-server installed?):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    child?.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    client,
    start,
    stop,
    async dispose() {
      client.disconnect();
      await stop();
    },
  };
}
