// The real process: it starts on the embedded database, serves, and on SIGTERM finishes what is
// in flight, closes the database and exits 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from './db/client.js';

const dataDir = mkdtempSync(join(tmpdir(), 'server-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url, exited, output: () => output };
}

describe('the server process', () => {
  it('serves on the embedded database with demo data, and exits 0 on SIGTERM after finishing requests', async () => {
    const server = startServer();
    const url = await server.url;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`${url}/api/catalogue`).then((r) => r.status);
    await expect.poll(() => server.output().includes('"url":"/api/catalogue"'), { timeout: 5000 }).toBe(true);
    server.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"signal":"SIGTERM"');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    // The embedded database was closed cleanly: it reopens with the demo data in it.
    const database = await openMigratedDatabase({ dataDir });
    const result = await database.db.execute('select count(*)::int as n from solutions');
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(300);
    await database.close();
  });

  it('refuses to start with an invalid setting and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });
});
