/**
 * `npm run bench:bets`: players placing back and lay bets through HTTP on a few hot exchange markets,
 * with the group commit, on embedded PGlite and on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped afterwards). The players run in a
 * child process (bets-clients.ts) and back or lay at one price, so about half of the stake matches.
 * Each backend runs at each level of concurrent players (BENCH_CLIENTS, default 64 and 256). Last line:
 * one JSON object with `betsPerSec`, `betP99Ms` (the headline run, stats.ts headlineRun), `streamP99Ms` (the
 * PostgreSQL figures when it ran) and every run.
 * BENCH_LIMITS=on (default off) gives every player, right after funding, loss limits for the day, week
 * and month, a deposit limit for the day (10,000,000.00 each) and a 1,440-minute session limit, set over
 * the player's limit routes (bench-app.ts), so every stake is admitted against a ledger floor; the first
 * line says which, and with limits on the next says how many players have a loss floor.
 */
import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPlayers, limitsLine, startBenchApp, type Backend, type BenchApp } from './bench-app.ts';
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import type { BetsLoadInput, BetsLoadOutput } from '../../../tools/load-clients/bets-clients.ts';
import { runStreamFanout } from './stream-fanout.ts';
import { clientLevels, headlineRun, perBatch } from './stats.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 6), 20);
/** Concurrent players per run, one run per level (BENCH_CLIENTS, comma-separated). */
const CLIENT_LEVELS = clientLevels('64,256', 512);
const TARGET_P99_MS = 50;
const MARKETS = 4;
export const PLAYERS = 400;
export type Market = { id: string; runners: { id: string }[] };
const FANOUT_SOCKETS = Math.min(Number(env.BENCH_SOCKETS ?? 2000), 2000);

/**
 * Runs the players in a child process (`script`, bets-clients.ts by default); `onMeasuring` when the
 * measured part begins. bench:betfair runs its own players' script through it too.
 */
export function runClients<Input extends Serializable, Output = BetsLoadOutput>(
  input: Input,
  onMeasuring: () => void,
  script = new URL('../../../tools/load-clients/bets-clients.ts', import.meta.url),
): Promise<Output> {
  const child = fork(fileURLToPath(script), { execArgv: process.execArgv });
  child.send(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`bench clients exited with ${code}`)));
    child.on('message', (message: { measuring: true } | { done: Output }) => {
      if ('done' in message) resolve(message.done);
      else onMeasuring();
    });
  });
}

/** One measured run at one number of concurrent players, for `seconds` (bench:bets' own by default). */
export async function runLevel(
  bench: BenchApp,
  players: readonly { token: string }[],
  markets: readonly Market[],
  clients: number,
  seconds = SECONDS,
) {
  const committer = () => bench.deps.exchange.ctx.committer.stats;
  let before = committer();
  let cpuBefore = process.cpuUsage();
  let eluBefore = performance.eventLoopUtilization();
  const load = await runClients<BetsLoadInput>(
    {
      port: bench.port,
      tokens: players.map((player) => player.token),
      markets: markets.map((market) => ({ id: market.id, runnerId: market.runners[0]!.id })),
      clients,
      seconds,
      warmupSeconds: 1,
    },
    () => {
      before = committer();
      cpuBefore = process.cpuUsage();
      eluBefore = performance.eventLoopUtilization();
    },
  );
  const after = committer();
  const cpu = process.cpuUsage(cpuBefore);
  const averagePerBatch = perBatch(before, after);
  return {
    clients,
    betsPerSec: Math.round(load.count / load.elapsedSeconds),
    p50Ms: load.p50Ms,
    p99Ms: load.p99Ms,
    refused: load.refused,
    ...(load.refused > 0 ? { refusals: load.refusals } : {}),
    selfMatched: load.selfMatched,
    matchedShare: load.matchedShare,
    batchWriteMs: averagePerBatch('writeMs'),
    commandsPerBatch: averagePerBatch('commands'),
    // The app's own process: its CPU share of one core and how busy its event loop was.
    serverCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / load.elapsedSeconds) * 100),
    eventLoopBusyPercent: Math.round(performance.eventLoopUtilization(eluBefore).utilization * 100),
  };
}

/** The bench's hot markets, made over the operator's route: one MATCH_ODDS market per event. */
export async function createMarkets(bench: BenchApp): Promise<Market[]> {
  const admin = { authorization: `Bearer ${bench.operatorToken}` };
  const client = new KeepAliveClient(bench.port, 4);
  const markets: Market[] = [];
  for (let i = 0; i < MARKETS; i += 1) {
    const created = await client.post(
      '/api/admin/events',
      {
        sport: 'politics',
        competition: 'Bench',
        name: `Bench ${i}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: [{ type: 'MATCH_ODDS', runners: ['Yes', 'No'] }],
      },
      admin,
    );
    markets.push(JSON.parse(created.body).markets[0]);
  }
  client.close();
  return markets;
}

async function benchBackend(backend: Backend) {
  const bench = await startBenchApp(backend, DATABASE_URL, 16);
  try {
    const players = await createPlayers(bench, PLAYERS, 100_000_000n);
    const markets = await createMarkets(bench);
    const runs = [];
    for (const clients of CLIENT_LEVELS) {
      const run = await runLevel(bench, players, markets, clients);
      console.log(`${backend} bets, ${clients} clients: ${JSON.stringify(run)}`);
      runs.push(run);
    }
    const [first] = markets;
    const fanout = await runStreamFanout(
      bench,
      players,
      { id: first!.id, runnerId: first!.runners[1]!.id },
      { sockets: FANOUT_SOCKETS, updates: 100 },
    );
    console.log(`${backend} stream fan-out: ${JSON.stringify(fanout)}`);
    const headline = headlineRun(runs, (run) => run.betsPerSec, TARGET_P99_MS)!;
    return {
      backend,
      ...headline,
      runs,
      streamSockets: fanout.sockets,
      streamP50Ms: fanout.publishToSocket.p50Ms,
      streamP99Ms: fanout.publishToSocket.p99Ms,
    };
  } finally {
    await bench.close();
  }
}

// Imported by bench:betfair for its pieces; run as a script, it is bench:bets.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(limitsLine());
  // BENCH_BACKENDS=postgres (or pglite) runs one backend only, e.g. under a profiler.
  const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
  const pglite = backends.includes('pglite') ? await benchBackend('pglite') : null;
  let postgres = null;
  if (backends.includes('postgres')) {
    try {
      postgres = await benchBackend('postgres');
    } catch (error) {
      console.log(`postgres skipped: ${(error as Error).message}`);
    }
  }
  const headline = postgres ?? pglite;
  if (!headline) throw new Error('BENCH_BACKENDS named no backend that ran');
  console.log(
    JSON.stringify({
      betsPerSec: headline.betsPerSec,
      betP99Ms: headline.p99Ms,
      headlineClients: headline.clients,
      targets: { postgresBetsPerSec: 3000, postgresBetP99Ms: TARGET_P99_MS, streamP99Ms: 50 },
      streamP99Ms: headline.streamP99Ms,
      pglite,
      postgres,
    }),
  );
  process.exit(0);
}
