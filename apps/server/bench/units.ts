/**
 * `npm run bench:units`: commands per second through the unit router — run here by the owner (the
 * local path, on embedded PGlite) and forwarded over PostgreSQL LISTEN/NOTIFY to another instance on
 * the same schema (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, a fresh schema
 * dropped afterwards), over Redis pub/sub as the cluster's instances are when REDIS_URL is set. The
 * handler is in memory, so the figures are the router's own cost; each run also says the CPU this
 * process spent per command (both routers and their bus clients; not the bus server's), so the two
 * runs' difference is what forwarding adds to a command. The last line is one JSON object.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { InProcessBus, type Bus } from '../src/lib/bus.ts';
import { createBus } from '../src/lib/create-bus.ts';
import { PgBus } from '../src/lib/pg-bus.ts';
import { ok } from '../src/platform/rejections.ts';
import { UnitRouter, type UnitSender } from '../src/platform/units/index.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || undefined;
const ready = (bus: Bus) => (bus instanceof PgBus ? bus.ready() : Promise.resolve());
const UNITS = 50;
const CONCURRENCY = 64;

type Run = {
  commands: number;
  seconds: number;
  commandsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuUsPerCommand: number;
};

function router(db: Database, bus: Bus) {
  const units = new UnitRouter({ db, bus });
  const send = units.register({
    kind: 'tally',
    load: async () => ({ count: 0 }),
    handle: async (unit: { count: number }, command: { add: number }) => ok((unit.count += command.add)),
  });
  return { units, send };
}

async function drive(send: UnitSender<{ add: number }, number>, commands: number): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const startedMs = performance.now();
  const cpuBefore = process.cpuUsage();
  const client = async () => {
    while (next < commands) {
      const unitId = `tally:${next++ % UNITS}`;
      const sentMs = performance.now();
      const result = await send(unitId, { add: 1 });
      if (!result.ok) throw new Error(`refused: ${result.code}`);
      latencies.push(performance.now() - sentMs);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - startedMs) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]! * 100) / 100;
  return {
    commands,
    seconds: Math.round(seconds * 100) / 100,
    commandsPerSecond: Math.round(commands / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    cpuUsPerCommand: Math.round(((cpu.user + cpu.system) / commands) * 10) / 10,
  };
}

async function benchLocal(): Promise<Run> {
  const db = await openPglite();
  await migrate(db);
  const bus = new InProcessBus();
  const { send } = router(db, bus);
  await drive(send, 5_000); // warm-up
  const run = await drive(send, 100_000);
  await db.close();
  return run;
}

async function benchForwarded(): Promise<Run | null> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const setup = await openPostgres({ url: DATABASE_URL, schema, maxConnections: 2 }).catch(() => null);
  if (!setup) return null;
  await migrate(setup);
  const owner = await openPostgres({ url: DATABASE_URL, schema, maxConnections: 10 });
  const caller = await openPostgres({ url: DATABASE_URL, schema, maxConnections: 10 });
  const prefix = `bench-units-${schema}:`;
  const ownerBus = createBus(REDIS_URL, owner, prefix);
  const callerBus = createBus(REDIS_URL, caller, prefix);
  const ownerSide = router(owner, ownerBus);
  const callerSide = router(caller, callerBus);
  try {
    await Promise.all([ready(ownerBus), ready(callerBus)]);
    // The owner takes every unit first; the caller then forwards to it.
    for (let unit = 0; unit < UNITS; unit += 1) await ownerSide.send(`tally:${unit}`, { add: 0 });
    await drive(callerSide.send, 500); // warm-up
    return await drive(callerSide.send, 10_000);
  } finally {
    await Promise.all([ownerBus.close(), callerBus.close()]);
    await Promise.all([owner.close(), caller.close()]);
    await setup.query(`DROP SCHEMA ${schema} CASCADE`);
    await setup.close();
  }
}

const local = await benchLocal();
console.log(`local (owner runs it, PGlite): ${JSON.stringify(local)}`);
const forwarded = await benchForwarded();
console.log(
  `forwarded (${REDIS_URL ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY'}): ${JSON.stringify(forwarded)}`,
);
if (forwarded) {
  const extra = Math.round((forwarded.cpuUsPerCommand - local.cpuUsPerCommand) * 10) / 10;
  console.log(
    `forwarding adds ${extra} µs of this process's CPU per command (both ends, bus clients included)`,
  );
}
console.log(
  JSON.stringify({
    bench: 'units',
    units: UNITS,
    concurrency: CONCURRENCY,
    bus: REDIS_URL ? 'redis' : 'postgres',
    local,
    forwarded,
  }),
);
