// solution/* calls of API.md, except the map (modules/map).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const solutionRoutes: FastifyPluginAsyncZod = async () => {};
