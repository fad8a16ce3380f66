import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateMapViews } from '../../../lib/map-views';
import { getMapView, mapViewQueryOptions, type MapViewInput } from './get-map-view';

const input: MapViewInput = { bbox: [-17.6, 14.6, -17.3, 14.8], zoom: 13, currency: 'dollar', lang: 'en' };
afterEach(() => vi.unstubAllGlobals());

describe('map views after a change', () => {
  it('are marked stale by invalidateMapViews, as a post, a deal or a deletion calls it', async () => {
    const client = new QueryClient();
    const options = mapViewQueryOptions(input);
    client.setQueryData(options.queryKey, { points: [], clusters: [] });
    const other = ['solutions', 'needSolution'];
    client.setQueryData(other, []);
    await invalidateMapViews(client);
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it("ask the server, not the browser's copy of an earlier answer", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ data: { points: [], clusters: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await getMapView(input);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/^\/api\/solution\/map\?bbox=/);
    expect(init.cache).toBe('no-cache');
  });
});
