// The OpenAPI document as an outside integrator meets it: served by the app, then checked by
// Redocly's linter (its recommended rules) with no error. Beside it, contract-check.ts holds every
// answer of the API tests to the same document.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const REDOCLY = join(ROOT, 'node_modules/.bin/redocly');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document at /api/docs', () => {
  let t: TestApp;
  let doc: {
    servers?: unknown[];
    paths: Record<
      string,
      Record<string, { operationId?: string; security?: unknown[]; requestBody?: { content: object } }>
    >;
  };
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    doc = res.json();
    writeFileSync(join(dir, 'openapi.json'), res.body);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('passes `redocly lint` with no error', async () => {
    const { stdout } = await promisify(execFile)(
      REDOCLY,
      ['lint', join(dir, 'openapi.json'), '--format=json', '--max-problems=1000'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as { problems: Problem[] };
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
    console.info(`redocly lint: ${errors.length} errors, ${problems.length - errors.length} warnings`);
  });

  it('names every operation once, says how each is authenticated, and where the API lives', () => {
    expect(doc.servers).toHaveLength(1);
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/catalogue']!.get!.security).toEqual([]);
    expect(doc.paths['/api/user/me']!.get!.security).toEqual([{ accessToken: [] }]);
    expect(doc.paths['/api/user/me']!.get!.operationId).toBe('getUserMe');
  });

  it('gives the multipart calls a request body', () => {
    expect(Object.keys(doc.paths['/api/user/register']!.post!.requestBody!.content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(Object.keys(doc.paths['/api/solution/addSolution']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(doc.paths['/api/user/updateUser']!.put!.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('puts the either-one rule of reports in the schema', () => {
    const { content } = doc.paths['/api/reports']!.post!.requestBody as { content: Record<string, { schema: object }> };
    expect(content['application/json']!.schema).toMatchObject({
      anyOf: [{ required: ['solution_id'] }, { required: ['user_id'] }],
    });
  });
});
