// HTTP/1.1 on a raw socket, for attacks that Node's HTTP client cannot send or read back.
import { connect } from 'node:net';

const MB = 1024 * 1024;

export interface Answer {
  status: number;
  body: string;
}

/**
 * One HTTP/1.1 request on a raw socket. The body is written in 64 KB chunks with backpressure and
 * writing stops once the server answers: it may refuse a 50 MB body long before its end and close
 * the connection. Node's HTTP client drops an answer that arrives before such a reset (EPIPE), so
 * the answer is read from the socket's bytes. `chunked` sends no content-length: the server must
 * count what it reads.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  { chunked = false } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let answer: Answer | undefined;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error ?? new Error(`${method} ${path}: connection closed without an answer`));
    };
    const timer = setTimeout(() => finish(new Error(`${method} ${path}: no answer within 60 s`)), 60_000);
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      answer = parseAnswer(received);
      if (answer) finish();
    });
    // A reset after the answer is the server refusing the rest of the upload, not a failure; the
    // answer's bytes may still be read after the reset is reported.
    let failure: Error | undefined;
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      answer ??= parseAnswer(received, true);
      finish(failure);
    });
    const framing = body
      ? chunked
        ? { 'transfer-encoding': 'chunked' }
        : { 'content-length': String(body.length) }
      : {};
    const head = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...framing, ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
    if (!body) return;
    let offset = 0;
    let paused = false;
    const waitForAnswer = (then: () => void, started = Date.now()) =>
      answer || Date.now() - started > 2_000 ? then() : setTimeout(() => waitForAnswer(then, started), 20);
    const pump = () => {
      while (offset < body.length && !answer && !socket.destroyed) {
        // A chunked body pauses once past the 1 MB body limit, like a slow link, so the answer
        // the server sends then is read before more bytes meet its closed socket.
        if (chunked && offset >= 1.25 * MB && !paused) {
          paused = true;
          return void waitForAnswer(pump);
        }
        const next = body.subarray(offset, offset + 64 * 1024);
        offset += next.length;
        const data = chunked
          ? Buffer.concat([Buffer.from(`${next.length.toString(16)}\r\n`), next, Buffer.from('\r\n')])
          : next;
        if (!socket.write(data)) return void socket.once('drain', pump);
      }
      if (chunked && !answer && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    // A server may refuse a body over its limit from the headers alone, then close: writing into
    // that close resets the connection and can discard the answer before it is read. So a large
    // body waits (up to 2 s) for such an answer first, as a client sending `expect: 100-continue`.
    if (body.length <= MB || chunked) return pump();
    waitForAnswer(pump);
  });
}

/** The status and body of a complete HTTP response (content-length framed), or undefined. */
function parseAnswer(bytes: Buffer, closed = false): Answer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = bytes.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  const body = bytes.subarray(end + 4);
  if (body.length < length && !closed) return undefined;
  return { status, body: body.subarray(0, length).toString() };
}
