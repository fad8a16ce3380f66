// npm run seed -- --count N: adds N posts (for benchmarks) to the configured database.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureBuilt, root } from './build-if-needed.mjs';

ensureBuilt(['server']);
await import(pathToFileURL(join(root, 'apps/server/dist/seed-cli.js')).href);
