import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateMapViews } from '../../../lib/map-views';
import { postKeys } from '../../../lib/post-keys';
import { signIn, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import { mapViewQueryOptions } from './get-map-view';
import { getMapView } from './map-tiles-request';
import type { MapViewInput } from './map-view-request';

const input: MapViewInput = { bbox: [-17.6, 14.6, -17.3, 14.8], zoom: 13, currency: 'dollar', lang: 'en' };

describe('map views after a change', () => {
  it('are marked stale by invalidateMapViews, as a post, a deal or a deletion calls it', async () => {
    const client = new QueryClient();
    const options = mapViewQueryOptions(input);
    client.setQueryData(options.queryKey, { points: [], clusters: [] });
    const other = postKeys.lists('needSolution');
    client.setQueryData(other, []);
    await invalidateMapViews(client);
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  afterEach(() => localStorage.clear());
  const spreadLng = (n: number) => -17.62 + n * 0.03;
  const asked = () => {
    const requests: Request[] = [];
    server.use(
      http.all('*', ({ request }) => {
        requests.push(request);
        // Each answer holds a post further east than the last, and a cluster far away.
        const lng = spreadLng(requests.length);
        return HttpResponse.json({
          data: { points: [{ _id: `p${requests.length}`, lng, lat: 14.7 }], clusters: [{ lng: 0, lat: 0, count: 9 }] },
        });
      }),
    );
    return requests;
  };

  it("ask a signed-in user's viewport of the server, not the browser's copy of an earlier answer", async () => {
    signIn(testUser());
    const requests = asked();
    await getMapView(input);
    const [request] = requests;
    expect(requests).toHaveLength(1);
    expect(request?.url.slice(location.origin.length)).toMatch(/^\/api\/solution\/map\?bbox=/);
    expect(request?.cache).toBe('no-cache');
  });

  it("ask a visitor's view as the tiles covering it, revalidated, and merge what lies in the viewport", async () => {
    const requests = asked();
    const view = await getMapView({ ...input, category: 'Delivery' });
    const paths = requests.map((r) => r.url.slice(location.origin.length));
    // Dakar's viewport at zoom 13 is covered by zoom 12's tiles (24 at most).
    expect(paths.length).toBeGreaterThan(1);
    expect(paths.length).toBeLessThanOrEqual(24);
    for (const path of paths)
      expect(path).toMatch(/^\/api\/solution\/map\/tiles\/12\/\d+\/\d+\?currency=dollar&lang=en&category=Delivery$/);
    expect(requests.every((r) => r.cache === 'no-cache')).toBe(true);
    // The points inside the viewport, each once; clusters outside it left out.
    expect(view.clusters).toEqual([]);
    const inside = requests.filter((_, i) => spreadLng(i + 1) >= -17.6 && spreadLng(i + 1) <= -17.3);
    expect(view.points.map((p) => p._id)).toEqual(inside.map((_, i) => `p${i + 1}`));
    expect(inside.length).toBeLessThan(requests.length);
  });
});
