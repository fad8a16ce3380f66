// The shared caches of public answers (docs/performance.md, lib/shared-cache.ts), one set per
// instance, kept in step with the posts by PostgreSQL's NOTIFY on public_changes (migration 0033):
// a post that is published, hidden, deleted, moved or changed by a deal, or whose poster's name,
// badges or rating change (0034), makes the map tiles that hold it, its details and every list
// page stale on every instance as soon as its statement commits. Place labels change only with a release's GeoNames: they end with their lifetime.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { tileKey, tilesOfPoint } from '@app/shared';
import { RELEASE } from '../lib/release.js';
import { sharedCache, type SharedCache } from '../lib/shared-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    publicCaches: {
      tiles: SharedCache;
      lists: SharedCache;
      posts: SharedCache;
      placeLabels: SharedCache;
      /** Calls `listener` whenever posts change (an announcement, or everything dropped). */
      onPostsChanged(listener: () => void): void;
      /** Calls `listener` with a user's id after each successful write they make, on every instance. */
      onUserWrote(listener: (userId: string) => void): void;
    };
  }
  interface FastifyContextConfig {
    /**
     * A write that changes no post and nothing a viewer's answers are built from (a sign-in): its
     * answer need not wait until every change before it is heard here.
     */
    changesNoPublicAnswer?: boolean;
  }
}

export const PUBLIC_CHANGES_CHANNEL = 'public_changes';

/** The posts a NOTIFY names, or 'all' for "*" (too many to name) or a payload not understood. */
export function changedPosts(payload: string): { id: string; lng: number; lat: number }[] | 'all' {
  if (payload === '*') return 'all';
  const posts = payload.split(';').map((entry) => {
    const [id = '', lng, lat] = entry.split(',');
    return { id, lng: Number(lng), lat: Number(lat) };
  });
  return posts.every((p) => p.id && Number.isFinite(p.lng) && Number.isFinite(p.lat)) ? posts : 'all';
}

/** The lifetimes (staleness bounds) are the modules' to choose; app.ts gives them. */
export interface PublicCacheLifetimes {
  tileTtlMs: number;
  listTtlMs: number;
  postTtlMs: number;
  placeLabelTtlMs: number;
}

export const publicCachesPlugin = fp(async (app: FastifyInstance, ttl: PublicCacheLifetimes) => {
  const redis = app.redis;
  const tiles = sharedCache({ name: 'tiles', release: RELEASE, ttlMs: ttl.tileTtlMs, maxEntries: 20_000, redis });
  // A list page is its own group: a change drops them all (invalidateAll), since a post can enter
  // any page of its type, category and neighbourhood; each page's Redis hash ends with its lifetime.
  const lists = sharedCache({ name: 'lists', release: RELEASE, ttlMs: ttl.listTtlMs, maxEntries: 5_000, redis });
  // A post's public record (modules/solutions/public-posts.ts), for its details and the nearest
  // pages it is on, grouped by post (its variants in each currency and language). Nearest pages
  // around busy places show tens of thousands of posts (bench/load, 100,000 posts: 48 % found in
  // memory with 20,000 kept, 79 % with 50,000); about 2.2 KB each, 110 MB at most.
  const posts = sharedCache({ name: 'posts', release: RELEASE, ttlMs: ttl.postTtlMs, maxEntries: 50_000, redis });
  const placeLabels = sharedCache({
    name: 'place-labels',
    release: RELEASE,
    ttlMs: ttl.placeLabelTtlMs,
    maxEntries: 5_000,
    redis,
  });
  const listeners: (() => void)[] = [];
  const onPostsChanged = (listener: () => void) => void listeners.push(listener);
  const writers: ((userId: string) => void)[] = [];
  const onUserWrote = (listener: (userId: string) => void) => void writers.push(listener);
  app.decorate('publicCaches', { tiles, lists, posts, placeLabels, onPostsChanged, onUserWrote });
  // Hit rates for operators and bench:load: how each cache found its answers since the start.
  new Gauge({
    name: 'public_cache_answers',
    help: 'Answers of the public caches since the start, by cache and where they were found',
    labelNames: ['cache', 'found'] as const,
    registers: [app.metrics.registry],
    collect() {
      for (const cache of [tiles, lists, posts, placeLabels]) {
        const { name, ...counts } = cache.stats();
        for (const [found, n] of Object.entries(counts)) this.set({ cache: name, found }, n);
      }
    },
  });

  const dropEverything = () => {
    for (const listener of listeners) listener();
    tiles.invalidateAll();
    lists.invalidateAll();
    posts.invalidateAll();
  };
  // Read-your-writes on this instance: a request that may have changed posts answers only once this
  // instance has heard every announcement committed before it. Its own marker, sent after the
  // request's statements committed, arrives after them (PostgreSQL delivers in commit order).
  const markers = new Map<string, () => void>();
  const changed = (payload: string) => {
    if (payload.startsWith(MARKER)) {
      // "heard:<uuid>" or "heard:<uuid>:<user id>": the writer's remembered facts go everywhere.
      const writer = payload.slice(MARKER.length).split(':')[1];
      if (writer) for (const listener of writers) listener(writer);
      markers.get(payload)?.();
      return;
    }
    const changes = changedPosts(payload);
    if (changes === 'all') return dropEverything();
    // Every instance hears the NOTIFY and drops its own; Redis pages computed before now are refused.
    for (const listener of listeners) listener();
    lists.invalidateAll();
    void posts.invalidate(changes.map((p) => p.id));
    void tiles.invalidate(changes.flatMap((p) => tilesOfPoint(p.lng, p.lat).map(tileKey)));
  };
  const stop = await app.database.listen?.(PUBLIC_CHANGES_CHANNEL, changed, dropEverything).catch((error: Error) => {
    // Without NOTIFY the caches still end with their lifetime; say so once.
    app.log.warn({ err: error.message }, 'public caches: no LISTEN, answers stay up to their lifetime');
    return undefined;
  });
  app.addHook('onClose', async () => stop?.());
  if (!stop) return;
  /** Resolves once this instance has heard a marker sent after the request's statements (never fails). */
  const heardEverythingBefore = async (userId: string | undefined) => {
    const marker = `${MARKER}${randomUUID()}${userId ? `:${userId}` : ''}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      markers.set(marker, resolve);
      // Never held longer than the caches' promise of a second if the marker is lost.
      timer = setTimeout(resolve, 1_000);
    });
    try {
      await app.database.notify(PUBLIC_CHANGES_CHANNEL, marker);
      await heard;
    } catch {
      // The database is gone: the answer goes as it is, and the caches end with their lifetime.
    } finally {
      clearTimeout(timer);
      markers.delete(marker);
    }
  };
  // A callback hook, not an async one: the reads, nearly every request, pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A refused or failed request changed nothing (each change is one transaction).
    const unchanged =
      reply.statusCode >= 400 ||
      ['GET', 'HEAD', 'OPTIONS'].includes(request.method) ||
      request.routeOptions.config.changesNoPublicAnswer;
    if (unchanged) return done(null, payload);
    void heardEverythingBefore(request.user?.userId).then(() => done(null, payload));
  });
});

/** Starts the payload of a read-your-writes marker; other instances ignore it. */
const MARKER = 'heard:';
