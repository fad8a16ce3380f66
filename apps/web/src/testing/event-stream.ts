// A server-sent event stream the test writes to: `fetch` answers /api/notify/stream with it and
// every other call with `fallback` (usually routeFetch's mock).
import { vi } from 'vitest';

export function stubEventStream(fallback: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const encoder = new TextEncoder();
  let push: ((chunk: string) => void) | null = null;
  const opened = new Promise<void>((resolve) => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/api/notify/stream') return fallback(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => controller.enqueue(encoder.encode(chunk));
          init?.signal?.addEventListener('abort', () => controller.close());
          resolve();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  return {
    opened,
    /** Sends one event with `data` as JSON. */
    send: async (event: string, data: unknown) => {
      await opened;
      push?.(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
  };
}
