import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { Lifecycle } from './lifecycle.ts';
import { mayReadOperations } from './metrics.ts';

export type HealthOptions = {
  /** A database that does not answer `SELECT 1` within this time counts as unreachable. */
  databaseTimeoutMs: number;
  /** Probes are shared for this long, so a flood of health checks cannot become a flood of queries. */
  databaseProbeReuseMs: number;
  metricsToken?: string;
};

export const DEFAULT_HEALTH_OPTIONS: HealthOptions = {
  databaseTimeoutMs: 1_000,
  databaseProbeReuseMs: 1_000,
};

const workerSchema = z.object({
  name: z.string(),
  state: z.string(),
  restarts: z.number().int(),
  /** Only for operators (see mayReadOperations): error texts can name internals. */
  lastError: z.string().optional(),
  lastErrorAt: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  service: z.string(),
  database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
  workers: z.array(workerSchema),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

type Probe = { ok: boolean; latencyMs: number };

/** `SELECT 1` bounded by a timeout; never throws. */
export async function probeDatabase(db: Database, timeoutMs: number): Promise<Probe> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answered = db.query('SELECT 1').then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  return { ok, latencyMs: Math.round(performance.now() - startedAt) };
}

/**
 * `GET /healthz` for load balancers and operators: 200 when the database answers and every worker
 * runs, 503 otherwise (also while the service is stopping, so a balancer drains it first).
 */
export function healthRoutes(
  deps: { db: Database; lifecycle: Lifecycle },
  options: HealthOptions = DEFAULT_HEALTH_OPTIONS,
): FastifyPluginAsync {
  return async (app) => {
    let shared: { probe: Promise<Probe>; atMs: number } | undefined;
    const probe = () => {
      const nowMs = Date.now();
      if (!shared || nowMs - shared.atMs >= options.databaseProbeReuseMs) {
        shared = { probe: probeDatabase(deps.db, options.databaseTimeoutMs), atMs: nowMs };
      }
      return shared.probe;
    };
    app.get(
      '/healthz',
      {
        config: { public: true },
        schema: { hide: true, response: { 200: healthSchema, 503: healthSchema } },
      },
      async (request, reply) => {
        const database = await probe();
        const detail = mayReadOperations(request, options.metricsToken);
        const { state, draining, workers } = deps.lifecycle.health();
        const stopping = draining || state === 'stopping' || state === 'stopped';
        // Workers count once the service started them (an app built but never started has none running).
        const workersRun = state === 'idle' || workers.every((worker) => worker.state === 'running');
        const healthy = database.ok && !stopping && workersRun;
        const body: Health = {
          status: healthy ? 'ok' : 'unavailable',
          service: stopping ? 'stopping' : 'running',
          database,
          workers: workers.map(({ name, state: workerState, restarts, lastError, lastErrorAtMs }) => ({
            name,
            state: workerState,
            restarts,
            ...(detail && lastError ? { lastError } : {}),
            ...(lastErrorAtMs ? { lastErrorAt: new Date(lastErrorAtMs).toISOString() } : {}),
          })),
        };
        if (healthy) return body;
        void reply.header('retry-after', '5');
        return reply.code(503).send({ ...body, message: 'The service is not ready.', code: 'UNAVAILABLE' });
      },
    );
  };
}
