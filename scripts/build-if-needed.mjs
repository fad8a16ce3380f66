// `npm start` builds what is not built yet, or what changed since the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return latest;
}

const builtAt = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);

const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  server: {
    output: 'apps/server/dist/server.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
};

export function ensureBuilt(names = ['web', 'server']) {
  for (const name of names) {
    const { output, inputs } = TARGETS[name];
    if (builtAt(output) >= newest(inputs)) continue;
    console.log(`building ${name}…`);
    execSync(`npm run build -w @app/${name}`, { cwd: root, stdio: 'inherit' });
  }
}
