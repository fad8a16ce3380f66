// A server-sent event stream the test writes to: the mock server answers /api/notify/stream with
// it. Call it after routeFetch, whose handler answers every other request: the later handler is
// asked first.
import { http, HttpResponse } from 'msw';
import { server } from './server';

export function stubEventStream() {
  const encoder = new TextEncoder();
  let push: ((chunk: string) => void) | null = null;
  const opened = new Promise<void>((resolve) => {
    server.use(
      http.get('/api/notify/stream', ({ request }) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (chunk) => controller.enqueue(encoder.encode(chunk));
            request.signal.addEventListener('abort', () => controller.close());
            resolve();
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }),
    );
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
