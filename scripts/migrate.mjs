// npm run migrate: applies the database migrations (DATABASE_URL, or PGlite in DATA_DIR).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ensureBuilt, root } from './build-if-needed.mjs';

ensureBuilt(['server']);
await import(pathToFileURL(join(root, 'apps/server/dist/migrate-cli.js')).href);
