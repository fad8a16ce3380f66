// Which release of the code is running: a short hash of this module's file. Bundled
// (apps/server/build.mjs), that file is the whole server, so two builds that differ anywhere get
// different ids; run from source (development, tests), it is this file's, the same for every
// instance of one checkout.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RELEASE = createHash('sha1')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('base64url')
  .slice(0, 10);
