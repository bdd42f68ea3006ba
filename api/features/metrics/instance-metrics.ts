import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadReplicaHealth } from '../../../db/read-replica';
import { META_WEBHOOK_PATH } from '../webhooks/meta-webhook.routes';
import { X_WEBHOOK_PATH } from '../webhooks/x-webhook.routes';
import { FleetMetrics } from './fleet-metrics';

export interface InstanceMetrics {
  registry: Registry;
  /** Times every request, labelled by the route pattern that answered it. Mount it first. */
  middleware: RequestHandler;
  fleet: FleetMetrics;
}

const WEBHOOK_PLATFORMS = new Map([
  [META_WEBHOOK_PATH, 'meta'],
  [X_WEBHOOK_PATH, 'x'],
]);

/**
 * What `/metrics` serves (ADR 0036), built only when METRICS_TOKEN is set. Two kinds of figures:
 * this process's own (Node's process_* and nodejs_*, HTTP latency per route, webhooks it accepted:
 * sum them over the web processes), and the fleet's, read from PostgreSQL (`replypilot_fleet_*`:
 * the same in every process).
 */
export function createInstanceMetrics(opts: {
  pool: pg.Pool;
  log: Pick<Logger, 'warn' | 'info'>;
  workerStaleAfterMs: number;
  ttlMs?: number;
  /** The read replica, when `DATABASE_READ_URL` is set (ADR 0039): its lag, read at each scrape. */
  replica?: { health(): Promise<ReadReplicaHealth> } | undefined;
}): InstanceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http = new Histogram({
    name: 'replypilot_http_request_duration_seconds',
    help: 'HTTP requests of this web process, by method, route pattern (not the URL: `/api/flows/:id`) and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const webhooks = new Counter({
    name: 'replypilot_webhooks_accepted_total',
    help: 'Webhook deliveries this web process acknowledged (after committing their events), by platform.',
    labelNames: ['platform'],
    registers,
  });
  for (const platform of WEBHOOK_PLATFORMS.values()) webhooks.inc({ platform }, 0);
  if (opts.replica) replicaGauges(opts.replica, registers);
  const fleet = new FleetMetrics({ pool: opts.pool, log: opts.log, ttlMs: opts.ttlMs ?? 5000, workerStaleAfterMs: opts.workerStaleAfterMs }, registry);

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const matched = captureRoute(req);
    res.once('finish', () => {
      const route = matched();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      http.observe({ method: req.method, route: route ?? '(no route)', status: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
      const platform = route && req.method === 'POST' && res.statusCode < 300 ? WEBHOOK_PLATFORMS.get(route) : undefined;
      if (platform) webhooks.inc({ platform });
    });
    next();
  };
  return { registry, middleware, fleet };
}

/**
 * The route pattern that handled the request, as `<mount path><route path>`. Express sets
 * `req.route` when a route matches, while `req.baseUrl` is still that router's mount path; by the
 * time the response finishes, an error handler or the router's exit may have reset both. So the
 * pattern is taken as each route is assigned (the last one to match is the one that answered).
 */
function captureRoute(req: Request): () => string | undefined {
  let route: unknown;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      if (value?.path === undefined) return;
      const path = typeof value.path === 'string' ? value.path : String(value.path);
      pattern = req.baseUrl && path === '/' ? req.baseUrl : `${req.baseUrl}${path}`;
    },
  });
  return () => pattern;
}

/**
 * The read replica's state (ADR 0039), read once per scrape: whether this process reaches it and it
 * streams, and how far its replay is behind the primary's insert position, in bytes and seconds
 * (the figures `GET /api/health/database` shows). No gauge value while it cannot be read.
 */
function replicaGauges(replica: { health(): Promise<ReadReplicaHealth> }, registers: Registry[]) {
  let current: Promise<ReadReplicaHealth> | undefined;
  // The three gauges' collect() run one after another at each scrape; they share one read.
  const read = () => {
    current ??= replica.health().finally(() => setTimeout(() => (current = undefined), 0));
    return current;
  };
  const gauge = (name: string, help: string, value: (h: ReadReplicaHealth) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const v = value(await read());
        if (v === null) this.reset();
        else this.set(v);
      },
    });
  gauge('replypilot_read_replica_up', 'The read replica answers and streams from the primary (1) or not (0).', (h) => (h.connected && h.streaming ? 1 : 0));
  gauge('replypilot_read_replica_lag_bytes', 'WAL the read replica has not replayed yet, in bytes.', (h) => h.lagBytes);
  gauge(
    'replypilot_read_replica_lag_seconds',
    'Seconds since the last transaction the read replica replayed, while it lags (0 when caught up).',
    (h) => h.lagSeconds,
  );
}
