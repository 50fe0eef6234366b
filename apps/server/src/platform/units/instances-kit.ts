import { afterEach } from 'vitest';
import type { AppDeps } from '../../app-deps.ts';
import { composeDeps } from '../../compose.ts';
import { openPostgres, type PostgresDatabase } from '../../db/postgres.ts';
import { parseEnv } from '../../env.ts';
import type { Bus } from '../../lib/bus.ts';
import { PgBus } from '../../lib/pg-bus.ts';
import { COUNTER_TABLE, counterKind, type Counter, type CounterCommand } from '../../test/counter-unit.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { Lifecycle } from '../lifecycle.ts';
import type { UnitRouterOptions } from './types.ts';
import { UnitRouter } from './unit-router.ts';

/** Unit routers as separate portal instances would run them, on one PostgreSQL schema (tests only). */
export const url = process.env.DATABASE_URL;

export type Instance = {
  deps: AppDeps;
  /** This instance's lifecycle, running its router. */
  lifecycle: Lifecycle;
  router: UnitRouter;
  send: ReturnType<UnitRouter['register']>;
  loads: Map<string, number>;
  /** performance.now() at the start of each command run here. */
  ran: number[];
};

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close().catch(() => {});
});

/** One portal instance: composed deps on its own pool and bus, with the counter kind registered. */
export async function instance(
  db: PostgresDatabase,
  options: Partial<UnitRouterOptions>,
  releasedDelayMs = 0,
): Promise<Instance> {
  const parsed = parseEnv({ NODE_ENV: 'test' });
  if (!parsed.ok) throw new Error(parsed.message);
  const deps = composeDeps(parsed.env, db);
  // A slow listener: release announcements reach this instance's router late.
  const bus: Bus = {
    publish: (topic, message) => deps.bus.publish(topic, message),
    subscribe: (topic, handler) =>
      deps.bus.subscribe(
        topic,
        topic === 'units:released' && releasedDelayMs > 0
          ? (message) => void setTimeout(() => handler(message), releasedDelayMs)
          : handler,
      ),
    close: () => deps.bus.close(),
  };
  // Its own lifecycle: the composed deps already run a router of their own (the exchange's).
  const lifecycle = new Lifecycle();
  const router = new UnitRouter({ db, bus, lifecycle, options });
  const loads = new Map<string, number>();
  const ran: number[] = [];
  const counter = counterKind(db, loads);
  const send = router.register({
    ...counter,
    handle: (unit: Counter, command: CounterCommand, unitId: string) => (
      ran.push(performance.now()),
      counter.handle(unit, command, unitId)
    ),
  }) as Instance['send'];
  await lifecycle.start();
  await (deps.bus as PgBus).ready();
  opened.push({
    close: async () => {
      await lifecycle.stop();
      await deps.bus.close();
    },
  });
  return { deps, lifecycle, router, send, loads, ran };
}

/** A fresh schema with the counters' table, and pools on it, one per instance as a process has. */
export async function freshSchema() {
  const db = (await openTestDatabase()) as PostgresDatabase;
  opened.push(db);
  await db.exec(COUNTER_TABLE);
  const pool = async () => {
    const one = await openPostgres({ url: url!, schema: db.schema, maxConnections: 5 });
    opened.push(one);
    return one;
  };
  return { db, pool };
}

/** Two instances on one fresh schema, each with its own pool as a process has (the schema outlives both). */
/** b starts `bStartDelayMs` after a, so that their loops do not tick together; `aDb` may wrap a's pool. */
export async function twoInstances(
  options: Partial<UnitRouterOptions> = {},
  releasedDelayMs = 0,
  bStartDelayMs = 0,
  aDb: (pool: PostgresDatabase) => PostgresDatabase = (pool) => pool,
) {
  const { db, pool } = await freshSchema();
  // Unless a test asks for placement by hash: the instance that uses a unit first owns it.
  options = { placement: 'first-use', ...options };
  const a = await instance(aDb(await pool()), options);
  await new Promise((resolve) => setTimeout(resolve, bStartDelayMs));
  return { a, b: await instance(await pool(), options, releasedDelayMs), db };
}

/** A crash: the instance neither hears the bus nor reaches the database any more, and releases nothing. */
export async function crash(one: Instance): Promise<void> {
  await one.deps.bus.close();
  await (one.deps.db as PostgresDatabase).close();
}
