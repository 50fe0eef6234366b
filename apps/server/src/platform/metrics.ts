import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { forbidden } from '../lib/http-errors.ts';
import type { Lifecycle } from './lifecycle.ts';
import { createSocketMetrics, type SocketMetrics } from './sockets/index.ts';

export type AppMetrics = { registry: Registry; sockets: SocketMetrics };

export type MetricsDeps = { db: Database; lifecycle: Lifecycle; metricsToken?: string };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A registry of its own per app (never prom-client's global one), so several apps in one test process
 * do not collide, with HTTP latency, database pool, socket and worker figures (docs/decisions/0057).
 */
export function createAppMetrics(deps: MetricsDeps): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPoolMetrics(registry, deps.db);
  registerWorkerMetrics(registry, deps.lifecycle);
  return { registry, sockets: createSocketMetrics(registry) };
}

/** Times every request by its route pattern (a raw URL would make label values unbounded). */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, deps: MetricsDeps): void {
  const latency = new Histogram({
    name: 'backlay_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadOperations(request, deps.metricsToken)) {
      throw forbidden('Metrics are served to this host only, or with the metrics token.');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * Operational detail (metrics, worker errors) is for operators: with METRICS_TOKEN set, only a request
 * bearing it; without, only a direct request from this host. A request a proxy forwarded is refused
 * even from loopback, since a reverse proxy on this host makes every public request look local.
 */
export function mayReadOperations(request: FastifyRequest, metricsToken: string | undefined): boolean {
  if (metricsToken) return sameSecret(request.headers.authorization ?? '', `Bearer ${metricsToken}`);
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function registerPoolMetrics(registry: Registry, db: Database): void {
  const stats = db.stats?.bind(db);
  if (!stats) return; // The embedded database has no pool.
  new Gauge({
    name: 'backlay_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const figures = stats();
      this.set({ state: 'total' }, figures.totalConnections);
      this.set({ state: 'idle' }, figures.idleConnections);
    },
  });
  new Gauge({
    name: 'backlay_db_pool_waiting_requests',
    help: 'Queries waiting for a pool connection',
    registers: [registry],
    collect() {
      this.set(stats().waitingRequests);
    },
  });
}

function registerWorkerMetrics(registry: Registry, lifecycle: Lifecycle): void {
  new Gauge({
    name: 'backlay_worker_up',
    help: 'Whether each worker is running (1) or not (0)',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      for (const worker of lifecycle.health().workers)
        this.set({ worker: worker.name }, worker.state === 'running' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'backlay_worker_restarts',
    help: 'Restarts of each worker since the process started',
    labelNames: ['worker'],
    registers: [registry],
    collect() {
      this.reset();
      for (const worker of lifecycle.health().workers) this.set({ worker: worker.name }, worker.restarts);
    },
  });
}
