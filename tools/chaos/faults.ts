import pg from 'pg';
import type { Cluster, PortalInstance } from '../cluster/cluster.ts';
import type { HaPostgres } from '../cluster/ha-postgres.ts';
import type { Supervised } from '../cluster/supervised.ts';
import type { ClusterLog } from './cluster-log.ts';
import { leaseOwner } from './leases.ts';
import { waitForPort } from './redis.ts';
import { waitFor } from './wait.ts';

export const CRASH_UNIT = 'crash:main';
export const marketUnit = (marketId: string) => `market:${marketId}`;

export type FaultContext = {
  cluster: Cluster;
  log: ClusterLog;
  pool: pg.Pool;
  redis: Supervised;
  redisPort: number;
  databaseUrl: string;
  busiestMarketId: string;
  /** The database that fails over, when the run was started with --ha. */
  ha?: HaPostgres;
};

/** What a fault did: when it struck, and (for an owner stopped) when its units ran elsewhere. */
export type Struck = {
  atMs: number;
  /** The owner that was stopped, and the moment both of its units had a live new owner. */
  owner?: { name: string; id: string };
  unitsMovedAtMs?: number;
  note: string;
  /** What brings the lost part back once service is back, checked as the fault's last step. */
  recovery?: { name: string; run(): Promise<{ ok: boolean; detail: string }> };
};

const RESTART_TIMEOUT_MS = 120_000;
const MOVE_TIMEOUT_MS = 60_000;

/** The instance owning the crash loop now (the busiest market is arranged to live with it). */
export async function crashOwner(context: FaultContext): Promise<{ instance: PortalInstance; id: string }> {
  const id = await waitFor(
    'a live owner of the crash loop',
    () => leaseOwner(context.pool, CRASH_UNIT),
    60_000,
  );
  const name = context.log.nameOf(id);
  const instance = context.cluster.instances.find((candidate) => candidate.name === name);
  if (!instance) throw new Error(`no process announced unit owner ${id}`);
  return { instance, id };
}

/**
 * Waits until neither the crash loop nor the busiest market is held by `ownerId` and both have a live
 * owner; answers when each moved.
 */
async function unitsMoved(
  context: FaultContext,
  ownerId: string,
): Promise<{ crashMs: number; marketMs: number }> {
  const moved: { crashMs?: number; marketMs?: number } = {};
  const elsewhere = (owner: string | null) => owner !== null && owner !== ownerId;
  await waitFor(
    `the crash loop and market ${context.busiestMarketId} to leave ${context.log.nameOf(ownerId)}`,
    async () => {
      if (moved.crashMs === undefined && elsewhere(await leaseOwner(context.pool, CRASH_UNIT)))
        moved.crashMs = Date.now();
      const market = await leaseOwner(context.pool, marketUnit(context.busiestMarketId));
      if (moved.marketMs === undefined && elsewhere(market)) moved.marketMs = Date.now();
      return moved.crashMs !== undefined && moved.marketMs !== undefined;
    },
    MOVE_TIMEOUT_MS,
    50,
  );
  return { crashMs: moved.crashMs!, marketMs: moved.marketMs! };
}

/** Stops the owner of the crash loop and busiest market with `signal` and measures until its units moved. */
export async function stopOwner(context: FaultContext, signal: 'SIGKILL' | 'SIGTERM'): Promise<Struck> {
  const { instance, id } = await crashOwner(context);
  const atMs = Date.now();
  instance.signal(signal);
  const moved = await unitsMoved(context, id);
  await instance.exited;
  const after = (ms: number) => `${((ms - atMs) / 1000).toFixed(1)} s`;
  return {
    atMs,
    owner: { name: instance.name, id },
    unitsMovedAtMs: Math.max(moved.crashMs, moved.marketMs),
    note: `${signal} to ${instance.name}; the crash loop had a new owner after ${after(moved.crashMs)}, the busiest market after ${after(moved.marketMs)}`,
  };
}

/** Starts a stopped instance again and waits until it is healthy and has announced its unit owner id. */
export async function restartInstance(context: FaultContext, name: string): Promise<void> {
  const instance = context.cluster.instances.find((candidate) => candidate.name === name)!;
  const before = context.log.ownerOf(name);
  await context.cluster.restart(instance);
  await waitFor(
    `${name} to announce its unit owner id`,
    () => context.log.ownerOf(name) !== before,
    RESTART_TIMEOUT_MS,
  );
}

/** Kills the private Redis and starts it again on the same port. */
export async function restartRedis(context: FaultContext): Promise<Struck> {
  const atMs = Date.now();
  context.redis.signal('SIGKILL');
  await context.redis.exited;
  context.redis.start();
  await waitForPort(context.redisPort, 30_000);
  return { atMs, note: `Redis killed and started again in ${Date.now() - atMs} ms` };
}

/** Ends every connection to the run's database once (the instances' pools and this run's own). */
export async function cutDatabase(context: FaultContext): Promise<Struck> {
  const name = decodeURIComponent(new URL(context.databaseUrl).pathname.slice(1));
  const admin = new URL(context.databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const atMs = Date.now();
    const { rows } = await client.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return { atMs, note: `pg_terminate_backend ended ${rows.filter((row) => row.ended).length} connections` };
  } finally {
    await client.end();
  }
}
