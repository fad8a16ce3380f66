// What waits in the outbox is tried again by itself, with backoff, while the
// phone still says it is online (a dropped network does not fire `offline`), without a reload.
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from './api-client';
import { ApiError } from './api-client';

const apiFetch = vi.fn();
vi.mock('./api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const dropped = () => new ApiError(0, 'NETWORK', 'network error');
const POST = { kind: 'post', label: 'Tractor', path: '/solution/addSolution', method: 'POST', body: { a: 1 } } as const;

/** A fresh outbox module (its queue and timer live in the module). */
const freshOutbox = async () => {
  vi.resetModules();
  return import('./outbox');
};

beforeEach(() => {
  vi.useFakeTimers();
  apiFetch.mockReset();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the outbox retries by itself', () => {
  it('sends a post the network dropped after 5 s, then 10 s, with the same Idempotency-Key', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockRejectedValueOnce(dropped()).mockRejectedValueOnce(dropped()).mockResolvedValueOnce({ data: {} });
    const sent = vi.fn();
    outbox.onOutboxSent(sent);

    const result = await outbox.sendOrQueue(POST);
    expect(result.queued).toBe(true);
    expect(apiFetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(apiFetch).toHaveBeenCalledTimes(2); // 5 s: dropped again

    await vi.advanceTimersByTimeAsync(9_999);
    expect(apiFetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(apiFetch).toHaveBeenCalledTimes(3); // 10 s later: sent
    expect(sent).toHaveBeenCalledTimes(1);

    const keys = apiFetch.mock.calls.map(([, init]) => (init as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(result.queued ? result.item.id : '');

    // Nothing waits: no further attempt.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(apiFetch).toHaveBeenCalledTimes(3);
  });

  it('waits longer after each failure, at most 5 minutes between attempts', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockRejectedValue(dropped());
    await outbox.sendOrQueue(POST);
    const at: number[] = [];
    apiFetch.mockImplementation(() => {
      at.push(Date.now());
      return Promise.reject(dropped());
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    const gaps = at.map((t, i) => t - (i === 0 ? start : at[i - 1]!));
    expect(gaps.slice(0, 6)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(gaps.slice(6).every((gap) => gap === outbox.RETRY_MAX_MS)).toBe(true);
  });

  it('sends at once when the signal returns, and a refusal is kept, not retried', async () => {
    const outbox = await freshOutbox();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await outbox.sendOrQueue(POST);
    expect(apiFetch).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    apiFetch.mockRejectedValueOnce(new ApiError(400, 'VALIDATION', 'bad'));
    await outbox.flushOutbox();
    expect(apiFetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });

  it('stops retrying at logout', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockRejectedValue(dropped());
    await outbox.sendOrQueue(POST);
    await outbox.clearOutbox();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });
});

describe('messages in the outbox (a deal thread)', () => {
  const message = (text: string, dealId = 'd1') =>
    ({
      kind: 'message',
      label: text,
      path: `/deals/${dealId}/messages`,
      method: 'POST',
      body: { text },
      dealId,
    }) as const;
  const keyOf = (call: unknown[]) => (call[1] as { idempotencyKey: string }).idempotencyKey;
  const textOf = (call: unknown[]) => ((call[1] as { body: { text: string } }).body as { text: string }).text;

  it('keeps a message written offline with its deal, and hands the server answer over before it leaves', async () => {
    const outbox = await freshOutbox();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queued = await outbox.sendOrQueue(message('See you at 8'));
    expect(queued.queued && queued.item).toMatchObject({ kind: 'message', dealId: 'd1', state: 'waiting' });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const answer = { data: { _id: 'm1', text: 'See you at 8' } };
    apiFetch.mockResolvedValueOnce(answer);
    const seen: { answer: unknown; stillWaiting: boolean }[] = [];
    outbox.onOutboxSent((item, got) => {
      seen.push({ answer: got, stillWaiting: outbox.currentOutbox().some((i) => i.id === item.id) });
    });
    const view = renderHook(() => outbox.useOutbox());
    expect(view.result.current.map((i) => i.label)).toEqual(['See you at 8']);

    await outbox.flushOutbox();
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(apiFetch.mock.calls[0]![0]).toBe('/deals/d1/messages');
    expect(keyOf(apiFetch.mock.calls[0]!)).toBe(queued.queued ? queued.item.id : '');
    expect(seen).toEqual([{ answer, stillWaiting: true }]);
    // The hook's component renders again on its next turn.
    await vi.waitFor(() => expect(view.result.current).toEqual([]));
    view.unmount();
  });

  it('queues a message behind an earlier one of the same deal that waits, and sends both in order', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockRejectedValueOnce(dropped());
    const first = await outbox.sendOrQueue(message('First'));
    expect(first.queued).toBe(true);

    // The signal is back but the first still waits: the second goes behind it, not ahead.
    let answerFirst!: (value: unknown) => void;
    apiFetch
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ data: {} });
    const second = await outbox.sendOrQueue(message('Second'));
    expect(second.queued).toBe(true);
    await vi.waitFor(() => expect(apiFetch.mock.calls.map(textOf)).toEqual(['First', 'First']));

    // Written while the first is on its way: sent in the same round, after it.
    const third = await outbox.sendOrQueue(message('Third'));
    expect(third.queued).toBe(true);
    apiFetch.mockResolvedValueOnce({ data: {} });
    answerFirst({ data: {} });
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(4));
    await outbox.flushOutbox();
    expect(apiFetch.mock.calls.map(textOf)).toEqual(['First', 'First', 'Second', 'Third']);
    const keys = apiFetch.mock.calls.map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);

    // Nothing waits any more: the next message goes straight out.
    apiFetch.mockResolvedValueOnce({ data: { _id: 'm4' } });
    await expect(outbox.sendOrQueue(message('Fourth'))).resolves.toEqual({
      queued: false,
      data: { data: { _id: 'm4' } },
    });
    expect(apiFetch).toHaveBeenCalledTimes(5);
  });

  it('does not send a message cancelled while it waits', async () => {
    const outbox = await freshOutbox();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queued = await outbox.sendOrQueue(message('Never mind'));
    await outbox.cancelOutboxItem(queued.queued ? queued.item.id : '');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await outbox.flushOutbox();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
