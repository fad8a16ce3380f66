import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { invalidateMapViews } from '../../../lib/map-views';
import { postKeys } from '../../../lib/post-keys';
import { server } from '../../../testing/server';
import { mapViewQueryOptions } from './get-map-view';
import { getMapView, type MapViewInput } from './map-view-request';

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

  it("ask the server, not the browser's copy of an earlier answer", async () => {
    const requests: Request[] = [];
    server.use(
      http.all('*', ({ request }) => {
        requests.push(request);
        return HttpResponse.json({ data: { points: [], clusters: [] } });
      }),
    );
    await getMapView(input);
    const [request] = requests;
    expect(request?.url.slice(location.origin.length)).toMatch(/^\/api\/solution\/map\?bbox=/);
    expect(request?.cache).toBe('no-cache');
  });
});
