// Prometheus metrics at GET /metrics (prom-client): requests and latencies per route, the
// PostgreSQL pool, queue sizes and the process. Each app has its own Registry (tests build many
// apps in one process); the process metrics are collected once per process and appended.
// With METRICS_TOKEN set the route asks for `authorization: Bearer <token>`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** A gauge read at each scrape, e.g. the size of a queue only its owner can see. */
      gauge(name: string, help: string, read: () => number): void;
    };
  }
}

/** The route label of requests no route matched (404s, probes): one value, so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// One per process: default metrics start an event-loop monitor and a GC observer that are never
// stopped, so one set per app would pile up in a test process that builds many apps.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant time whatever the length or content of the header. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

export const metricsPlugin = fp(async (app: FastifyInstance, { config }: { config: Pick<Config, 'metricsToken'> }) => {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const gauge = (name: string, help: string, read: () => number) => {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  };
  app.decorate('metrics', { registry, gauge });

  // PGlite has no pool: no pool series rather than zeros that would look like an idle pool.
  if (app.database.poolStats()) {
    const stat = (key: 'total' | 'idle' | 'waiting') => () => app.database.poolStats()?.[key] ?? 0;
    gauge('db_pool_connections_total', "PostgreSQL connections open in this instance's pool", stat('total'));
    gauge('db_pool_connections_idle', 'PostgreSQL connections open and idle', stat('idle'));
    gauge('db_pool_waiting_clients', 'Queries queued for a PostgreSQL connection', stat('waiting'));
  }

  const token = config.metricsToken;
  // Hidden from the OpenAPI document: it is for the operator's scraper, not API clients.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 'AUTH_FAILED');
    }
    const text = `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
});
