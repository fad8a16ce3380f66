// Runs once before the browser suite: Chromium must exist, and the web app is built from the
// current source so the journeys test what users would get.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) {
    throw new Error(
      `Chromium not found at ${chrome}. Install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH; .ci/run installs it.`,
    );
  }
  execSync('npm run build -w @app/web', { cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: 'pipe' });
}
