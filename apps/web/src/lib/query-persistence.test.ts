import { QueryClient, dehydrate } from '@tanstack/react-query';
import { set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { postKeys } from './post-keys';
import { bounded, dehydrateOptions, idbPersister, MAX_QUERIES } from './query-persistence';
import { sharedKeys } from './query-keys';

vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: vi.fn(),
  del: vi.fn(() => Promise.resolve()),
  set: vi.fn(() => Promise.resolve()),
}));

const persisted = (client: QueryClient) => ({
  timestamp: Date.now(),
  buster: 'u1',
  clientState: dehydrate(client, dehydrateOptions),
});

describe('the saved answers', () => {
  it('keep a list whose refresh failed offline, as the answer it had', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(postKeys.lists('provideSolution'), { pages: [{ data: ['tractor'] }] });
    await client
      .fetchQuery({
        queryKey: postKeys.lists('provideSolution'),
        queryFn: () => Promise.reject(new Error('offline')),
        staleTime: 0,
      })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: sharedKeys.me(), queryFn: () => Promise.reject(new Error('offline')) })
      .catch(() => undefined);

    const saved = bounded(persisted(client)).clientState.queries;
    expect(saved.map((q) => q.queryKey)).toEqual([postKeys.lists('provideSolution')]);
    expect(saved[0]?.state).toMatchObject({ status: 'success', error: null, data: { pages: [{ data: ['tractor'] }] } });
  });

  it(`keep the newest ${MAX_QUERIES} answers at most`, () => {
    const client = new QueryClient();
    for (let i = 0; i < MAX_QUERIES + 5; i++)
      client.setQueryData(postKeys.detail(String(i)), { i }, { updatedAt: 1000 + i });
    const saved = bounded(persisted(client)).clientState.queries;
    expect(saved).toHaveLength(MAX_QUERIES);
    expect(saved[0]?.queryKey).toEqual(postKeys.detail(String(MAX_QUERIES + 4)));
  });

  it('are written at once when the page is left within the write delay', async () => {
    vi.useFakeTimers();
    try {
      vi.mocked(set).mockClear();
      const client = new QueryClient();
      client.setQueryData(postKeys.lists('provideSolution'), { pages: [{ data: ['tractor'] }] });
      await idbPersister.persistClient(persisted(client));
      expect(set).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pagehide'));
      expect(set).toHaveBeenCalledTimes(1);
      expect(vi.mocked(set).mock.calls[0]?.[0]).toBe('query-client');
      // Nothing is left to write when the delay ends.
      vi.advanceTimersByTime(5_000);
      expect(set).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
