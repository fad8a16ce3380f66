// Custom: vite-plugin-compression2 compresses inside the bundle step, before the compile hint that
// compile-hints-plugin.ts adds last, so its files would lack the hint; this reads the written files.
// The hashed scripts and styles are compressed once, at build time, at the highest
// levels (brotli 11, gzip 9), and the server sends those files as they are (@fastify/static's
// preCompressed). Compressing per request, the server used brotli at level 4 to spare its CPU:
// the entry was then 151.5 KB, larger than gzip's 150 KB; brotli 11 made it 129 KB. On a cold map
// screen that is about 35 KB less, most of a second at 400 kbps.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

export function precompressPlugin(): Plugin {
  let assets = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name));
        await Promise.all(
          files.map(async (name) => {
            const body = await readFile(join(assets, name));
            const [br, gz] = await Promise.all([
              toBrotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              toGzip(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(join(assets, `${name}.br`), br), writeFile(join(assets, `${name}.gz`), gz)]);
          }),
        );
      },
    },
  };
}
