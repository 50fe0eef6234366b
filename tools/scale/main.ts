/**
 * `npm run bench:scale`: bench:bets' and bench:casino's loads through HAProxy (by least connections) in
 * front of 1, 2 and 4 portal instances (BENCH_SIZES), first unpinned, then each instance held to one
 * core with `taskset` (instance i on core i modulo the cores, so on 2 cores four instances share them
 * two by two). Each configuration gets a fresh PostgreSQL database (on DATABASE_URL's server, default
 * the local one, dropped afterwards) and the local Redis (REDIS_URL); players are created, funded and
 * signed in through the balancer. The smallest unpinned cluster is also loaded straight at its
 * instance, past the balancer, which prices HAProxy. Every measured run reads each process's CPU from
 * /proc: the portals, this database's PostgreSQL backends and WAL writers, HAProxy, the load
 * generator, Redis and everyone else.
 *
 * Last, the largest cluster once more balanced as `npm run cluster` is by default: HAProxy hashing the
 * player's routing key, which their bearer token and a wallet callback's launch token both start with,
 * so each player's bets and callbacks reach one instance (BENCH_AFFINITY=off leaves it out). Before
 * each configuration the bench waits up to BENCH_QUIET_WAIT seconds (default 30) for the rest of a
 * shared machine to go quiet, and says how busy it was; each configuration also reads its cluster's
 * CPU idle, and the database's transactions per operation.
 *
 * `-- --ha`: each configuration's database is a primary with a synchronous standby of its own behind
 * PgBouncer (decision 0303), whose processes (both nodes' backends, replication, PgBouncer) are counted.
 *
 * BENCH_SECONDS (default 6) per run, BENCH_CLIENTS (64) concurrent clients, BENCH_PLAYERS (100).
 * BENCH_RATE offers every configuration the same load (bets, then callbacks, per second) instead of
 * back to back, so that CPU per operation compares configurations below saturation.
 * BENCH_LOADS=bets runs the bets load only (default `bets,callbacks`), BENCH_PINNED=off leaves out the
 * pinned configurations, and BENCH_PORTAL_NODE_OPTIONS is NODE_OPTIONS for the portals alone (e.g.
 * `--import ./tools/scale/profile-preload.mjs`, a CPU profile between two SIGUSR2): with BENCH_SIZES=1,
 * one instance's CPU per bet (docs/scaling.md, "Where a bet's CPU goes").
 * Prints a line per run as it goes, then one table, then one JSON object with every figure.
 * The processes' own output goes to a log file named on the first line.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from '../cluster/cluster.ts';
import { runDatabase, type RunDatabase } from '../cluster/run-database.ts';
import { freePort } from '../portal-process.ts';
import { parseSizes, scaleConfigurations, type ScaleConfiguration } from './configurations.ts';
import { leaseLine, OwnerNames, readLeases } from './leases.ts';
import {
  committedTransactions,
  idleSplit,
  loadAverage,
  waitForQuiet,
  measureBets,
  measureCallbacks,
  type LoadShape,
  type Setup,
} from './measure.ts';
import { makeMarkets, makePlayers, signInOperator } from './portal-setup.ts';
import type { CpuSplit } from './cpu.ts';
import {
  costLine,
  costPerOperation,
  cpuLine,
  limitHint,
  table,
  type Row,
  type RunFigures,
} from './report.ts';

const env = process.env;
const SECONDS = Math.min(Number(env.BENCH_SECONDS || 6), 20);
const CLIENTS = Math.min(Number(env.BENCH_CLIENTS || 64), 512);
const PLAYERS = Math.min(Number(env.BENCH_PLAYERS || 100), 1000);
/** BENCH_RATE: bets (and callbacks) per second offered, the same to every configuration; 0: back to back. */
const RATE = Math.max(Number(env.BENCH_RATE || 0), 0);
const MARKETS = 4;
/** Idle is the quietest of this many looks of this long each (quietestSplit). */
const IDLE_LOOKS = 3;
const IDLE_LOOK_SECONDS = 2;
/** BENCH_AFFINITY=off leaves out the last configuration, the largest with each player on one instance. */
const AFFINITY = (env.BENCH_AFFINITY || 'on') !== 'off';
/** How long a configuration waits for the rest of a shared machine to go quiet (BENCH_QUIET_WAIT). */
const QUIET_WAIT_SECONDS = Math.min(Number(env.BENCH_QUIET_WAIT ?? 30), 600);
/** Quiet: everyone else together under a quarter of one core. */
const QUIET_PERCENT = 25;
const SIZES = parseSizes(env.BENCH_SIZES || '1,2,4');
const CORES = availableParallelism();
const SERVER_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Each configuration gets three minutes; a stuck one fails its row instead of the whole bench. */
const CONFIGURATION_BUDGET_MS = 180_000;
const HA = process.argv.includes('--ha');
const CALLBACKS = (env.BENCH_LOADS || 'bets,callbacks').split(',').includes('callbacks');
const PINNED = (env.BENCH_PINNED || 'on') !== 'off';
const PORTAL_NODE_OPTIONS: Record<string, string> = env.BENCH_PORTAL_NODE_OPTIONS
  ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} ${env.BENCH_PORTAL_NODE_OPTIONS}`.trim() }
  : {};

const ADMIN = { email: 'scale-admin@bench.local', password: randomBytes(12).toString('hex') };
const shape: LoadShape = {
  clients: CLIENTS,
  seconds: SECONDS,
  warmupSeconds: 1,
  walletSecret: randomBytes(16).toString('hex'),
  ...(RATE ? { ratePerSec: RATE } : {}),
};

const logFile = join(tmpdir(), `backlay-scale-${Date.now()}.log`);
const log = createWriteStream(logFile);

const say = (line: string) => console.log(line);
function runLine(label: string, unit: string, run: RunFigures, idle: CpuSplit) {
  say(`  ${label}: ${run.perSec} ${unit}/s, p99 ${run.p99Ms} ms, refused ${run.refused}`);
  say(`    cpu (% of one core): ${cpuLine(run.cpu)} → ${limitHint(run.cpu)}`);
  const one = unit.replace(/s$/, '');
  say(`    cpu µs per ${one} over idle: ${costLine(costPerOperation(run, idle))}`);
  say(`    database transactions per ${one}: ${run.transactionsPerOperation ?? '-'}`);
}

async function startConfiguration(
  config: ScaleConfiguration,
  database: { url: string; readUrl?: string },
): Promise<Cluster> {
  return startCluster({
    size: config.size,
    port: await freePort(),
    streamPort: 0,
    casinoPort: await freePort(),
    databaseUrl: database.url,
    ...(database.readUrl ? { readDatabaseUrl: database.readUrl, keepWhileDatabaseAway: true } : {}),
    redisUrl: REDIS_URL,
    portalEnv: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CASINO_WALLET_SECRET: shape.walletSecret,
      ...PORTAL_NODE_OPTIONS,
    },
    output: log,
    ...(config.cpus ? { cpus: config.cpus } : {}),
    balance: config.balance,
  });
}

/** What a configuration holds while it runs, so that one over its budget can still be stopped. */
type Held = { cluster?: Cluster; database?: RunDatabase; stats?: pg.Client };

async function release(held: Held): Promise<void> {
  await held.stats?.end().catch(() => {});
  held.stats = undefined;
  await held.cluster?.stop();
  await held.database?.drop();
}

/** One configuration, start to stop: its rows (through the balancer, and past it when asked). */
async function runConfiguration(config: ScaleConfiguration, index: number, held: Held): Promise<Row[]> {
  const name = `scale_${randomBytes(4).toString('hex')}_${index}`;
  const others = await waitForQuiet(QUIET_WAIT_SECONDS, QUIET_PERCENT);
  const loadAtStart = loadAverage();
  say(
    `${config.name}: balanced by ${config.balance}; load average ${loadAtStart}, others ${others}% of a ` +
      `core before it${config.cpus ? `; cpus ${config.cpus.join(',')}` : ''}`,
  );
  try {
    // On the server at DATABASE_URL, or (--ha) one that fails over.
    const database = await runDatabase({ serverUrl: SERVER_URL, name, ha: HA, output: log });
    held.database = database;
    const url = database.url;
    const started = performance.now();
    const cluster = await startConfiguration(config, database);
    held.cluster = cluster;
    const names = new OwnerNames();
    const atStart = await readLeases(url, names);
    say(
      `  started in ${Math.round((performance.now() - started) / 1000)} s; leases at start: ${leaseLine(atStart.counts)}`,
    );
    const operator = await signInOperator(cluster.url, ADMIN.email, ADMIN.password);
    const setupStarted = performance.now();
    const players = await makePlayers(operator, PLAYERS, 2 * CORES);
    const markets = await makeMarkets(operator, MARKETS);
    say(
      `  ${players.length} players and ${markets.length} markets in ${Math.round((performance.now() - setupStarted) / 1000)} s`,
    );
    const stats = new pg.Client({ connectionString: url });
    await stats.connect();
    held.stats = stats;
    const committed = () => committedTransactions(stats, name);
    const setup: Setup = { cluster, databaseName: name, players, markets, committed };
    const idle = await idleSplit(cluster, name, IDLE_LOOKS, IDLE_LOOK_SECONDS);
    say(`  idle cpu (% of one core): ${cpuLine(idle)}`);
    const balancer = { host: '127.0.0.1', port: Number(new URL(cluster.url).port) };
    const bets = await measureBets(setup, balancer, shape);
    runLine('bets', 'bets', bets, idle);
    const callbacks = CALLBACKS ? await measureCallbacks(setup, balancer, shape, `${name}-lb`) : null;
    if (callbacks) runLine('callbacks', 'callbacks', callbacks, idle);
    const marketUnits = markets.map((market) => `market:${market.id}`);
    const after = await readLeases(url, names, marketUnits);
    const leases = leaseLine(after.counts);
    const hotMarketOwners = Object.values(after.ownersOf).join(' ');
    say(`  leases after: ${leases}; hot markets' owners: ${hotMarketOwners}`);
    const rows: Row[] = [
      {
        configuration: config.name,
        loadAverage: loadAtStart,
        idle,
        bets,
        callbacks,
        leases,
        hotMarketOwners,
      },
    ];
    if (config.direct) {
      const first = cluster.instances[0]!;
      const direct = { host: '127.0.0.1', port: Number(new URL(first.url).port) };
      const loadDirect = loadAverage();
      const directBets = await measureBets(setup, direct, shape);
      runLine('bets, no balancer', 'bets', directBets, idle);
      const directCallbacks = CALLBACKS
        ? await measureCallbacks(setup, direct, shape, `${name}-direct`)
        : null;
      if (directCallbacks) runLine('callbacks, no balancer', 'callbacks', directCallbacks, idle);
      rows.push({
        configuration: `${config.size} direct (no HAProxy)`,
        loadAverage: loadDirect,
        idle,
        bets: directBets,
        callbacks: directCallbacks,
      });
    }
    return rows;
  } finally {
    await release(held);
  }
}

async function withBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`over its ${ms / 1000} s budget`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

say(
  `bench:scale${HA ? ' --ha (a primary with a synchronous standby behind PgBouncer)' : ''}: ${CORES} cores, ${CLIENTS} clients${RATE ? ` offering ${RATE}/s` : ''}, ${SECONDS} s per run, ${PLAYERS} players, ${MARKETS} hot markets; ` +
    `load average ${loadAverage()}; process output in ${logFile}`,
);
const benchStarted = performance.now();
const rows: Row[] = [];
const configurations = scaleConfigurations(SIZES, CORES, AFFINITY).filter((config) => PINNED || !config.cpus);
for (const [index, config] of configurations.entries()) {
  const held: Held = {};
  const loadAtStart = loadAverage();
  try {
    rows.push(...(await withBudget(runConfiguration(config, index, held), CONFIGURATION_BUDGET_MS)));
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.slice(0, 160);
    say(`  ${config.name} failed: ${message}`);
    // Stopping twice is harmless: a stopped process is not signalled again, the database is dropped if it exists.
    await release(held).catch(() => {});
    rows.push({
      configuration: config.name,
      loadAverage: loadAtStart,
      bets: null,
      callbacks: null,
      error: message,
    });
  }
}
say('');
say(table(rows));
say(
  JSON.stringify({
    bench: 'scale',
    date: new Date().toISOString(),
    cores: CORES,
    config: {
      clients: CLIENTS,
      seconds: SECONDS,
      players: PLAYERS,
      markets: MARKETS,
      sizes: SIZES,
      ha: HA,
      rate: RATE || null,
    },
    minutes: Math.round((performance.now() - benchStarted) / 6000) / 10,
    loadAverageAtEnd: loadAverage(),
    rows: rows.map((row) => ({
      ...row,
      ...(row.bets ? { betCpuUs: costPerOperation(row.bets, row.idle) } : {}),
      ...(row.callbacks ? { callbackCpuUs: costPerOperation(row.callbacks, row.idle) } : {}),
    })),
  }),
);
log.end();
process.exit(rows.some((row) => row.error) ? 1 : 0);
