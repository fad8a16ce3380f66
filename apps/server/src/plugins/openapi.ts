// The OpenAPI document, generated from the route schemas (the shared zod schemas) at /api/docs.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Needs & Offers API',
        description: 'The HTTP API of the needs-and-offers marketplace (API.md).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
});
