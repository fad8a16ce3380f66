// A steady load for the fault tests: a few loops, each a keep-alive HTTP client (one socket at a
// time, like a phone or a proxy's upstream connection) that repeats its steps until stopped, and
// records what every request got. Built on node:http rather than fetch so a refused connection,
// a reset and a hang are told apart.
import http from 'node:http';
import { ERRORS } from '@app/shared';

export type OutcomeKind =
  /** The expected 2xx with a complete JSON body. */
  | 'ok'
  /** ECONNREFUSED: nothing listens any more. */
  | 'refused'
  /** The connection was cut before a complete answer (ECONNRESET, EPIPE, socket hang up). */
  | 'reset'
  /** 503 with API.md's SERVICE_UNAVAILABLE envelope and retry-after. */
  | 'unavailable'
  /** Anything else: another status, a malformed body, no answer within the request timeout. */
  | 'failed';

export interface Outcome {
  /** Sent as x-request-id, so the server's log line of the request can be found. */
  id: string;
  step: string;
  target: string;
  kind: OutcomeKind;
  status?: number;
  detail?: string;
  /** When the request was sent and when its outcome was known (Date.now()). */
  sentAt: number;
  doneAt: number;
  /** The response asked to close the connection. */
  closed?: boolean;
  json?: unknown;
}

export interface Step {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string | (() => string);
  headers?: () => Record<string, string>;
  /** The request body and its content type. */
  body?: () => { payload: Buffer | string; contentType: string };
  /** The status that counts as success (default 200). */
  expect?: number;
}

export interface LoopSpec {
  /** The base URL, read before each request (a loop may move between instances). */
  target: string | (() => string);
  /** Repeated in order, round and round. */
  steps: Step[];
}

export interface Load {
  readonly outcomes: readonly Outcome[];
  /** Waits (bounded) until `predicate` holds for the outcomes so far. */
  until(predicate: (outcomes: readonly Outcome[]) => boolean, timeoutMs: number, what: string): Promise<void>;
  /** Stops every loop after its current request and resolves with all outcomes. */
  stop(): Promise<Outcome[]>;
}

/** Longer than any answer should take, even a 503 after the pool's 5 s connect timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;

let runs = 0;

export function startLoad(loops: LoopSpec[], { pauseMs = 5 }: { pauseMs?: number } = {}): Load {
  runs += 1;
  const outcomes: Outcome[] = [];
  let stopping = false;
  const running = loops.map(async (loop, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = 0; !stopping; n += 1) {
        const step = loop.steps[n % loop.steps.length]!;
        const target = typeof loop.target === 'string' ? loop.target : loop.target();
        const outcome = await send(agent, target, step, `load-${process.pid}-${runs}-${index}-${n}`);
        outcomes.push(outcome);
        // Do not spin on a closed port.
        await sleep(outcome.kind === 'refused' ? 50 : pauseMs);
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    outcomes,
    async until(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(outcomes)) {
        if (Date.now() > deadline) {
          // A failed test must not leave its loops running.
          stopping = true;
          throw new Error(`load: ${what} did not happen within ${timeoutMs} ms\n${summary(outcomes)}`);
        }
        await sleep(20);
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(running);
      return outcomes;
    },
  };
}

async function send(agent: http.Agent, target: string, step: Step, id: string): Promise<Outcome> {
  const path = typeof step.path === 'string' ? step.path : step.path();
  const body = step.body?.();
  const headers: Record<string, string> = { 'x-request-id': id, ...step.headers?.() };
  if (body) headers['content-type'] = body.contentType;
  const sentAt = Date.now();
  const base = { id, step: step.name, target, sentAt };
  return new Promise<Outcome>((resolve) => {
    const done = (rest: Omit<Outcome, keyof typeof base | 'doneAt'>) =>
      resolve({ ...base, ...rest, doneAt: Date.now() });
    const req = http.request(`${target}${path}`, { method: step.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'reset', detail: error.code ?? error.message }));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const closed = res.headers.connection === 'close';
        if (!res.complete) return done({ kind: 'reset', status, detail: 'incomplete body', closed });
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return done({ kind: 'failed', status, detail: 'not JSON', closed });
        }
        if (status === (step.expect ?? 200)) return done({ kind: 'ok', status, closed, json });
        const { code, message } = json as { code?: unknown; message?: unknown };
        const envelope = code === UNAVAILABLE_BODY.code && message === UNAVAILABLE_BODY.message;
        if (status === 503 && envelope && res.headers['retry-after'] === '1') {
          return done({ kind: 'unavailable', status, closed });
        }
        return done({ kind: 'failed', status, detail: JSON.stringify(json).slice(0, 200), closed });
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      if (code === 'ECONNREFUSED') done({ kind: 'refused', detail: code });
      else if (code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'socket hang up') {
        done({ kind: 'reset', detail: code });
      } else done({ kind: 'failed', detail: code });
    });
    req.end(body?.payload);
  });
}

/** Counts by kind, then the first few failures: for assertion messages and the report. */
export function summary(outcomes: readonly Outcome[]): string {
  const counts = countKinds(outcomes);
  const bad = outcomes.filter((o) => o.kind === 'failed' || o.kind === 'reset').slice(0, 5);
  return [
    JSON.stringify(counts),
    ...bad.map((o) => `  ${o.id} ${o.step} → ${o.kind} ${o.status ?? ''} ${o.detail ?? ''}`),
  ].join('\n');
}

export function countKinds(outcomes: readonly Outcome[]): Record<OutcomeKind | 'total', number> {
  const counts = { total: outcomes.length, ok: 0, refused: 0, reset: 0, unavailable: 0, failed: 0 };
  for (const o of outcomes) counts[o.kind] += 1;
  return counts;
}

/** The body API.md promises with a 503 (kept here so the load's check and the tests agree). */
export const UNAVAILABLE_BODY = { code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE.message };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
