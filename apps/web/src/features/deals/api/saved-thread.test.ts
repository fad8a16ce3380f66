import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { bounded, dehydrateOptions, MAX_SAVED_MESSAGES } from '../../../lib/query-persistence';
import { dealKeys } from './query-keys';

vi.mock('idb-keyval', () => ({ createStore: () => 'store', get: vi.fn(), del: vi.fn(), set: vi.fn() }));

// The offline copy (lib/query-persistence) trims a deal's thread by the shape of its key: written
// with this feature's own keys, so a change to them that the trimming misses fails here.
describe("a deal's saved answers", () => {
  it(`keep a deal's last ${MAX_SAVED_MESSAGES} messages, and the deal itself whole`, () => {
    const client = new QueryClient();
    const thread = Array.from({ length: 70 }, (_, i) => ({ _id: `m${i}`, text: `message ${i}` }));
    client.setQueryData(dealKeys.messages('d1'), thread);
    client.setQueryData(dealKeys.one('d1'), { _id: 'd1', status: 'accepted' });
    const saved = bounded({ timestamp: Date.now(), buster: 'u1', clientState: dehydrate(client, dehydrateOptions) })
      .clientState.queries;
    const of = (key: readonly unknown[]) => saved.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key));
    const messages = of(dealKeys.messages('d1'))?.state.data as { _id: string }[];
    expect(messages).toHaveLength(MAX_SAVED_MESSAGES);
    expect(messages[0]?._id).toBe('m20');
    expect(messages.at(-1)?._id).toBe('m69');
    expect(of(dealKeys.one('d1'))?.state.data).toEqual({ _id: 'd1', status: 'accepted' });
    // What is shown on screen keeps the whole thread.
    expect(client.getQueryData<unknown[]>(dealKeys.messages('d1'))).toHaveLength(70);
  });
});
