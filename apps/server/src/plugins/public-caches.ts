// The shared caches of public answers (docs/performance.md, lib/shared-cache.ts), one set per
// instance, kept in step with the posts by PostgreSQL's NOTIFY on public_changes (migration 0033):
// a post that is published, hidden, deleted, moved or changed by a deal makes the map tiles that
// hold it stale on every instance as soon as its statement commits.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tileKey, tilesOfPoint } from '@app/shared';
import { sharedCache, type SharedCache } from '../lib/shared-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    publicCaches: { tiles: SharedCache };
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

/** The tiles' lifetime is the map module's to choose (TILE_TTL_MS, given by app.ts). */
export const publicCachesPlugin = fp(async (app: FastifyInstance, { tileTtlMs }: { tileTtlMs: number }) => {
  const tiles = sharedCache({ name: 'tiles', ttlMs: tileTtlMs, maxEntries: 20_000, redis: app.redis });
  app.decorate('publicCaches', { tiles });

  const dropEverything = () => tiles.invalidateAll();
  const changed = (payload: string) => {
    const posts = changedPosts(payload);
    if (posts === 'all') return dropEverything();
    void tiles.invalidate(posts.flatMap((p) => tilesOfPoint(p.lng, p.lat).map(tileKey)));
  };
  const stop = await app.database.listen?.(PUBLIC_CHANGES_CHANNEL, changed, dropEverything).catch((error: Error) => {
    // Without NOTIFY the caches still end with their lifetime; say so once.
    app.log.warn({ err: error.message }, 'public caches: no LISTEN, answers stay up to their lifetime');
    return undefined;
  });
  app.addHook('onClose', async () => stop?.());
});
