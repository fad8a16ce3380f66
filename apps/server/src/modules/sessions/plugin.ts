// Authentication by the `access-token` header (D-9, API.md). `requireUser` guards protected
// routes: an unknown, ended or expired key answers 401 AUTH_FAILED 'Authentication failed'.
// `requireSessionClaim` is its form for the hottest reads: it refuses a malformed key at once and
// leaves the session's check to the route's own statement (signedInRows), which answers the same.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { sessionsRepository } from './repository.js';
import { sessionsService, type SessionClaim, type SessionUser, type SessionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsService;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireSessionClaim: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Set by requireSessionClaim: the key's claim, checked by the route's statement. */
    sessionClaim: SessionClaim | null;
  }
}

export const accessToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers['access-token'];
  return typeof value === 'string' ? value : undefined;
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('sessions', sessionsService(sessionsRepository(app.database.db)));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionClaim', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await app.sessions.authenticate(accessToken(request));
    if (!user) throw new AppError('AUTH_FAILED');
    request.user = user;
  });
  app.decorate('requireSessionClaim', async (request: FastifyRequest) => {
    const claim = app.sessions.claim(accessToken(request));
    if (!claim) throw new AppError('AUTH_FAILED');
    request.sessionClaim = claim;
  });
});
