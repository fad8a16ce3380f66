// Place labels from the shared cache (lib/shared-cache.ts, docs/performance.md): the same names
// for everyone, kept per view (its bbox and zoom, as asked) in memory and Redis. Places change only
// when a release loads GeoNames again; nothing announces that, so PLACE_LABEL_TTL_MS is the bound
// (browsers already keep a view's names for a day: cache-control in routes.ts).
import { dataOf, placeLabelSchema, type PlaceLabel, type PlaceLabelsQuery } from '@app/shared';
import { z } from 'zod';
import { answerBody } from '../../lib/answer-body.js';
import type { SharedCache } from '../../lib/shared-cache.js';

/** An hour: after a new GeoNames load, an instance's or Redis's names are at most this old. */
export const PLACE_LABEL_TTL_MS = 60 * 60 * 1000;

const labelsSchema = dataOf(z.array(placeLabelSchema));

export function labelCache(cache: SharedCache, labels: (query: PlaceLabelsQuery) => Promise<PlaceLabel[]>) {
  return {
    /** The answer's bytes, the same as the route's serialiser made before it was cached. */
    async labels(query: PlaceLabelsQuery): Promise<string> {
      // Each view is its own group: nothing drops one early, and each Redis hash ends with its lifetime.
      const key = `${query.bbox.join(',')}|${query.zoom}`;
      const answer = await cache.get(key, key, async () => answerBody(labelsSchema, { data: await labels(query) }));
      return answer.body;
    },
  };
}
