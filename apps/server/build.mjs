// Bundles the server (with @app/shared, which ships as TypeScript) into dist/. Runtime
// dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/server.ts', 'src/seed-cli.ts', 'src/migrate-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies),
  logLevel: 'warning',
});
console.log('server built into apps/server/dist');
