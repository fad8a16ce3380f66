// Authentication by the `access-token` header (D-9, API.md). `requireUser` guards protected
// routes: an unknown, ended or expired key answers 401 AUTH_FAILED 'Authentication failed'.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { sessionsRepository } from '../modules/sessions/repository.js';
import { sessionsService, type SessionUser, type SessionsService } from '../modules/sessions/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const accessToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers['access-token'];
  return typeof value === 'string' ? value : undefined;
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('sessions', sessionsService(sessionsRepository(app.database.db)));
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await app.sessions.authenticate(accessToken(request));
    if (!user) throw new AppError('AUTH_FAILED');
    request.user = user;
  });
});
