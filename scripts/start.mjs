// npm start: build what is missing or stale, then serve the app and the API in this process.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureBuilt, root } from './build-if-needed.mjs';

ensureBuilt();
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
