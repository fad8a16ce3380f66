// Setup of every test project (vitest.config.ts): at most two test files run at once, one per
// core of CI's machine, and at most one of them drives Chromium. Vitest's three workers take files
// as they come; a worker whose file must wait holds nothing, and the other two keep both cores busy.
// A slot is an abstract Unix socket this process listens on: the kernel frees it when the
// process ends, so a crashed file never holds one.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterAll, inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** Set by the browser project: its files take the one Chromium slot first. */
    chromium: boolean;
  }
}

/** Slots are per checkout: another checkout's run on the same machine does not share them. */
const scope = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 12);

function listen(name: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen({ path: `\0needs-map-tests-${scope}-${name}` }, () => resolve(server));
  });
}

/** Takes the first free slot of `names`, waiting as long as all are held. */
async function take(names: string[], pollMs: number): Promise<Server> {
  for (;;) {
    for (const name of names) {
      const held = await listen(name);
      if (held) return held;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const held: Server[] = [];
// A browser file asks more often: its chain of files is the run's longest, so it should not wait
// behind files that came later.
const chromium = inject('chromium') === true;
if (chromium) held.push(await take(['chromium'], 50));
held.push(await take(['core-1', 'core-2'], chromium ? 20 : 100));

afterAll(async () => {
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
});
