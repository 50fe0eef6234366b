/**
 * `npm run bench:casino`: the aggregator's seamless-wallet callbacks under concurrent players. Each
 * client plays rounds back to back: a signed bet, then a signed win (0, 1.00 or 2.00) for the same round,
 * over keep-alive HTTP to the real app on a loopback port. On embedded PGlite and on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped afterwards),
 * each at several client counts (BENCH_CLIENTS, default 32,40,256). The last line is one JSON
 * object with every figure.
 *
 * The clients run in a child process (casino-wallet-clients.ts). Besides wall-clock figures each run
 * reports the CPU a callback costs: the app's process and, on a local PostgreSQL, the pool's server
 * processes. On a shared machine the wall figures swing with everyone else's load; the CPU costs say
 * what the code itself spends.
 *
 * BENCH_LIMITS=on (default off) gives every player, right after funding, loss limits for the day, week
 * and month, a deposit limit for the day (10,000,000.00 each) and a 1,440-minute session limit, set over
 * the player's limit routes (bench-app.ts), so every stake is admitted against a ledger floor; the first
 * line says which, and with limits on the next says how many players have a loss floor.
 */
import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isPostgresDatabase } from '../src/db/postgres.ts';
import { createPlayers, limitsLine, startBenchApp, type Backend, type BenchApp } from './bench-app.ts';
import type {
  LoadInput,
  LoadMessage,
  LoadOutput,
} from '../../../tools/load-clients/casino-wallet-clients.ts';
import type { LatencySummary } from '../../../tools/load-clients/latency.ts';
import { clientLevels, headlineRun, perBatch } from './stats.ts';
import { openCasinoSession } from '../src/modules/casino/index.ts';
import { outcomeFigures } from './casino-outcomes-summary.ts';

/** The aggregator's side, shared with bench:scale. */
const CLIENTS_SCRIPT = new URL('../../../tools/load-clients/casino-wallet-clients.ts', import.meta.url);

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 6), 20);
const CLIENT_LEVELS = clientLevels('32,40,256', 512);
const TARGET_P99_MS = 20;
const POOL_SIZE = Math.min(Number(env.BENCH_POOL ?? 16), 50);
const PLAYERS = 400;
const AVIATOR = 22001;

type RunResult = LatencySummary & {
  clients: number;
  callbacksPerSec: number;
  refused: number;
  /** Refusals by status, present when there were any. */
  refusals?: Record<string, number>;
  failed: number;
  /**
   * CPU microseconds per accepted callback: the app's process, and the database's server processes of
   * its pool. Both include the app's background work, which weighs more at low rates.
   */
  appCpuUsPerCallback: number;
  dbCpuUsPerCallback: number | null;
  /** The aggregator's side (the bench's clients), which shares the machine's cores. */
  clientCpuUsPerCallback: number;
  /** Group commit: callbacks per transaction, and the time one took from its read to its commit. */
  callbacksPerBatch: number;
  batchWriteMs: number;
  /**
   * The share of passes answered from foresight (docs/decisions/0200), of batches decided from memory
   * without a read (0202), and attempts that failed.
   */
  foreseenShare: number;
  rememberedShare: number;
  failedAttempts: number;
};

type WalletStats = BenchApp['deps']['casinoWallet']['stats'];

/** What the wallet's group commit did between two readings of its figures. */
function batchFigures(before: WalletStats, after: WalletStats) {
  const averagePerBatch = perBatch(before, after);
  const foreseen = after.foreseenPasses - before.foreseenPasses;
  const remembered = after.rememberedBatches - before.rememberedBatches;
  const passes = Math.max(foreseen + after.writtenPasses - before.writtenPasses, 1);
  return {
    callbacksPerBatch: averagePerBatch('items'),
    batchWriteMs: averagePerBatch('writeMs'),
    foreseenShare: Math.round((foreseen / passes) * 100) / 100,
    rememberedShare: Math.round((remembered / Math.max(after.batches - before.batches, 1)) * 100) / 100,
    failedAttempts: after.failedAttempts - before.failedAttempts,
  };
}

const CLOCK_TICKS_PER_SEC = 100;

/** CPU seconds spent so far by each server process of the bench's pool (Linux, local server only). */
async function serverCpuSeconds(bench: BenchApp): Promise<Map<number, number> | null> {
  const db = bench.deps.db;
  if (!isPostgresDatabase(db)) return null;
  const rows = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
    [db.applicationName],
  );
  const seconds = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SEC);
    }
  } catch {
    return null;
  }
  return seconds;
}

function cpuSpent(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Runs the clients in a child process; measures this process and the database meanwhile. */
async function runLoad(
  bench: BenchApp,
  tokens: readonly string[],
  options: { clients: number; seconds: number; warmupSeconds: number; runTag: string },
): Promise<RunResult> {
  const input: LoadInput = {
    port: bench.port,
    secret: bench.deps.env.CASINO_WALLET_SECRET,
    tokens,
    gameId: AVIATOR,
    ...options,
  };
  const clients = fork(fileURLToPath(CLIENTS_SCRIPT), { execArgv: process.execArgv });
  clients.send(input);
  let before: { cpu: NodeJS.CpuUsage; server: Map<number, number> | null; wallet: WalletStats };
  const output = await new Promise<LoadOutput>((resolve, reject) => {
    clients.on('error', reject);
    clients.on('exit', (code) => reject(new Error(`bench clients exited with ${code}`)));
    clients.on('message', (message: LoadMessage) => {
      if ('done' in message) return resolve(message.done);
      const cpu = process.cpuUsage();
      const wallet = bench.deps.casinoWallet.stats;
      void serverCpuSeconds(bench).then((server) => {
        before = { cpu, server, wallet };
      });
    });
  });
  const cpu = process.cpuUsage(before!.cpu);
  const batches = batchFigures(before!.wallet, bench.deps.casinoWallet.stats);
  const server = cpuSpent(before!.server, await serverCpuSeconds(bench));
  const { refused, refusals, failed, elapsedSeconds, cpuUs, ...latency } = output;
  const accepted = Math.max(latency.count, 1);
  return {
    ...latency,
    clients: options.clients,
    callbacksPerSec: Math.round(latency.count / elapsedSeconds),
    refused,
    ...(refused > 0 ? { refusals } : {}),
    failed,
    appCpuUsPerCallback: Math.round((cpu.user + cpu.system) / accepted),
    dbCpuUsPerCallback: server === null ? null : Math.round((server * 1e6) / accepted),
    clientCpuUsPerCallback: Math.round(cpuUs / accepted),
    ...batches,
  };
}

async function benchBackend(backend: Backend): Promise<RunResult[]> {
  const bench = await startBenchApp(backend, DATABASE_URL, POOL_SIZE);
  bench.bus.timesBalances = false;
  try {
    const players = await createPlayers(bench, PLAYERS, 100_000_000n);
    const tokens: string[] = [];
    for (const player of players) {
      tokens.push(
        await openCasinoSession(bench.deps.db, { playerId: player.id, gameId: AVIATOR, nowMs: Date.now() }),
      );
    }
    const runs: RunResult[] = [];
    for (const [index, clients] of CLIENT_LEVELS.entries()) {
      const runTag = `${backend}-${index}`;
      const result = await runLoad(bench, tokens, { clients, seconds: SECONDS, warmupSeconds: 1, runTag });
      console.log(`${backend} casino wallet, ${clients} clients: ${JSON.stringify(result)}`);
      runs.push(result);
    }
    return runs;
  } finally {
    await bench.close();
  }
}

console.log(limitsLine());
const startedAt = performance.now();
const hardStop = setTimeout(() => {
  console.error('bench:casino exceeded its 3 minute budget');
  process.exit(1);
}, 170_000);
hardStop.unref();

const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const pglite = backends.includes('pglite') ? await benchBackend('pglite') : null;
const postgres = backends.includes('postgres') ? await benchBackend('postgres') : null;
// The headline figures: PostgreSQL's runs when it ran, else PGlite's (stats.ts headlineRun).
const headline = headlineRun(postgres ?? pglite ?? [], (run) => run.callbacksPerSec, TARGET_P99_MS);
console.log(
  JSON.stringify({
    bench: 'casino-wallet',
    seconds: Math.round((performance.now() - startedAt) / 100) / 10,
    config: { poolSize: POOL_SIZE, players: PLAYERS, measureSeconds: SECONDS, mix: 'bet then win per round' },
    pglite,
    postgres,
    walletCallbacksPerSec: headline?.callbacksPerSec ?? 0,
    walletP99Ms: headline?.p99Ms ?? null,
    headlineBackend: postgres ? 'postgres' : 'pglite',
    headlineClients: headline?.clients ?? null,
    targets: { postgresCallbacksPerSec: 3000, postgresP99Ms: TARGET_P99_MS },
    // Dice outcomes per second on one core and each slot paytable's simulated return.
    ...(await outcomeFigures()),
  }),
);
