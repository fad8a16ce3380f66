import { dataOf, errorSchema } from '@app/shared';
import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswersAgainstContract } from './contract-check.js';

describe('the contract check of the API tests', () => {
  const failures: string[] = [];
  const app = Fastify();
  beforeAll(async () => {
    checkAnswersAgainstContract(app, failures);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get(
      '/api/thing/:n',
      {
        schema: {
          params: z.object({ n: z.string() }),
          response: { 200: dataOf(z.object({ n: z.string() })) },
        } as FastifySchema,
      },
      async (request, reply) => {
        const { n } = request.params as { n: string };
        if (n === 'missing') return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
        if (n === 'text') return reply.type('text/plain').send('hello');
        if (n === 'raw') return reply.type('application/json').send('{"data":{"n":1}}');
        return { data: { n } };
      },
    );
    app.get(
      '/api/file',
      {
        schema: {
          response: {
            200: { description: 'An image', content: { 'image/webp': { schema: z.string() } } },
            404: errorSchema,
          },
        },
      },
      async (_request, reply) => reply.type('image/webp').send(Buffer.from('RIFF')),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('passes answers that match their declaration, JSON and binary', async () => {
    failures.length = 0;
    expect((await app.inject({ url: '/api/thing/a' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/file' })).statusCode).toBe(200);
    expect(failures).toEqual([]);
  });

  it('fails a status the route does not declare', async () => {
    failures.length = 0;
    await app.inject({ url: '/api/thing/missing' });
    expect(failures).toEqual(['GET /api/thing/:n → 404: status 404 is not declared']);
  });

  it('fails a body off its schema and a content type the route does not declare', async () => {
    failures.length = 0;
    await app.inject({ url: '/api/thing/raw' });
    await app.inject({ url: '/api/thing/text' });
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/a body off its schema/);
    expect(failures[1]).toMatch(/content type "text\/plain" where JSON is declared/);
  });
});
