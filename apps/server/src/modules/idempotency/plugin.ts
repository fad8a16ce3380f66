// D-31: retried writes are safe. A signed-in POST or PUT that carries `Idempotency-Key` runs once
// per (user, key) within 24 hours; a retry gets the first answer again (same status and body, plus
// `idempotent-replayed: true`) and creates nothing more. The web app's offline outbox relies on it.
//
// Choices (README "Idempotency-Key"):
// - A retry arriving while the first request still runs waits for its answer, up to WAIT_MS, then
//   gets 503 SERVICE_UNAVAILABLE with retry-after (API.md's "try again shortly"): on a phone that
//   lost its signal mid-request the retry usually lands while the server is still working.
// - The same key with a different request (method, path, query or JSON body) is refused with 400
//   VALIDATION, `fields: {"idempotency-key": ...}`: API.md names no code for it and adds none to
//   its fixed list, and it is a client's input error. Multipart bodies (addSolution) are not part
//   of the fingerprint: they are read by the handler as a stream, after the key is claimed, and
//   their boundary changes on every send; the key alone identifies the post.
// - Only a success (2xx) is kept. A refused or failed request created nothing (API.md: bad input
//   changes nothing), so its key is given back and a retry runs again.
// - A visitor's key is ignored (no user to tie it to); the route answers as it always does.
// - The claim is leased (LEASE_MS): an instance that dies mid-request does not block the key for a day.
//
// The key is claimed right after `requireUser` in the route's preHandlers, before limiters and
// quotas: a retry of a post that used the last of the hourly quota still gets its answer.
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { idempotencyStore, type KeyRow } from './repository.js';

/** A key this request holds: its answer is kept under it before it is written out. */
interface HeldClaim {
  userId: string;
  key: string;
  claim: string;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any request runs (statements stop at 15 s; a slow photo upload takes longer). */
const LEASE_MS = 2 * 60 * 1000;
const WAIT_MS = 5_000;
const POLL_MS = 100;
/** Visible ASCII, as a UUID or any client's token: nothing to escape in logs or SQL. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route ignores Idempotency-Key. */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** Set when this request holds its key: its answer is kept (or the key given back) at onSend. */
    idempotencyClaim: HeldClaim | null;
  }
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new AppError('VALIDATION', undefined, { [IDEMPOTENCY_HEADER]: 'Use 1 to 255 visible ASCII characters' });
  }
  return value;
}

/** What makes two requests "the same": method, URL with its query, and the parsed JSON body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.isMultipart() ? '' : (JSON.stringify(request.body) ?? '');
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

function replay(reply: FastifyReply, row: KeyRow): FastifyReply {
  if (row.contentType) void reply.header('content-type', row.contentType);
  return reply
    .code(row.statusCode ?? 200)
    .header(REPLAYED_HEADER, 'true')
    .send(row.body ?? '');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const store = idempotencyStore(app.database.db);
  app.decorateRequest('idempotencyClaim', null);

  const claimOrReplay: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = keyOf(request);
    const user = request.user;
    if (key === undefined || !user) return;
    const fingerprint = fingerprintOf(request);
    const giveUpAt = Date.now() + WAIT_MS;
    let waiting = false;
    for (;;) {
      const now = app.clock.now();
      const claim = randomUUID();
      const claimed = await store.claim({
        userId: user.userId,
        key,
        fingerprint,
        claim,
        now,
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        expiresAt: new Date(now.getTime() + DAY_MS),
      });
      if (claimed) {
        request.idempotencyClaim = { userId: user.userId, key, claim };
        // Keys live a day: each new one sweeps a batch of expired ones, on whichever instance.
        await store.sweep(now);
        return;
      }
      const row = await store.find(user.userId, key);
      if (!row) continue; // given back between the two statements: claim again
      if (row.fingerprint !== fingerprint) {
        throw new AppError('VALIDATION', 'This Idempotency-Key was used for another request', {
          [IDEMPOTENCY_HEADER]: 'Already used for another request',
        });
      }
      if (row.state === 'done') {
        request.log.info({ status: row.statusCode }, 'idempotency: the first answer replayed');
        return replay(reply, row);
      }
      if (Date.now() >= giveUpAt) throw new AppError('SERVICE_UNAVAILABLE');
      if (!waiting) request.log.info('idempotency: waiting for the first request with this key');
      waiting = true;
      await sleep(POLL_MS);
    }
  };

  // The answer the client may never have received is kept before it is written out.
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, held: HeldClaim) => {
    const text = typeof payload === 'string' ? payload : payload == null ? '' : undefined;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && text !== undefined) {
        const type = reply.getHeader('content-type');
        await store.complete(held.userId, held.key, held.claim, {
          status: reply.statusCode,
          contentType: typeof type === 'string' ? type : null,
          body: text,
        });
      } else {
        await store.release(held.userId, held.key, held.claim);
      }
    } catch (error) {
      // The answer still goes out; the claim stays pending until its lease lapses, so a retry
      // waits or runs again later rather than twice at once.
      request.log.error({ err: error }, 'idempotency: the answer could not be kept');
    }
  };
  // A callback hook, not an async one: requests without a key, nearly all, pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const held = request.idempotencyClaim;
    if (!held) return done(null, payload);
    request.idempotencyClaim = null;
    void keep(request, reply, payload, held).then(() => done(null, payload));
  });

  // Every signed-in POST/PUT route: the guard goes right after requireUser.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') && !methods.includes('PUT')) return;
    if (route.config?.idempotency === false) return;
    const handlers = [route.preHandler ?? []].flat();
    const at = handlers.indexOf(app.requireUser);
    if (at < 0) return;
    route.preHandler = [...handlers.slice(0, at + 1), claimOrReplay, ...handlers.slice(at + 1)];
  });
});
