// The envelope of unexpected failures: a lost database is a 503 a client may retry, a bug a 500,
// and a client's own hang-up stays the 4xx Fastify gave it.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { toApiError } from './errors.js';

const withCode = (message: string, code: string, statusCode?: number) =>
  Object.assign(new Error(message), { code }, statusCode ? { statusCode } : {});

describe('toApiError', () => {
  it('answers 503 SERVICE_UNAVAILABLE when the database connection was lost', () => {
    const lost = new DrizzleQueryError('select 1', [], withCode('terminating connection', '57P01'));
    expect(toApiError(lost)).toEqual({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable, try again shortly' },
    });
  });

  it('answers 500 INTERNAL for any other failure, without its details', () => {
    expect(toApiError(new DrizzleQueryError('select 1', [], withCode('syntax error', '42601')))).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: expect.any(String) },
    });
  });

  it('keeps a client hang-up mid-upload a 4xx', () => {
    expect(toApiError(withCode('aborted', 'ECONNRESET', 400)).status).toBe(400);
  });
});
