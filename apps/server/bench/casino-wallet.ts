/**
 * `npm run bench:casino`: the aggregator's seamless-wallet callbacks under concurrent players. Each
 * client plays rounds back to back: a signed bet, then a signed win (0, 1.00 or 2.00) for the same round,
 * over keep-alive HTTP to the real app on a loopback port. On embedded PGlite and on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped afterwards),
 * each at a low and a high client count. The last line is one JSON object with every figure.
 */
import { createPlayers, startBenchApp, type Backend, type BenchApp } from './bench-app.ts';
import { KeepAliveClient } from './http-client.ts';
import { summarise, type LatencySummary } from './stats.ts';
import { openCasinoSession, signBody } from '../src/modules/casino/index.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 6), 20);
const CLIENT_LEVELS = (env.BENCH_CLIENTS ?? '8,32').split(',').map((n) => Math.min(Number(n), 256));
const POOL_SIZE = Math.min(Number(env.BENCH_POOL ?? 16), 50);
const PLAYERS = 400;
const AVIATOR = 22001;

type RunResult = LatencySummary & {
  clients: number;
  callbacksPerSec: number;
  refused: number;
  failed: number;
};

async function runLoad(
  bench: BenchApp,
  tokens: readonly string[],
  options: { clients: number; seconds: number; warmupSeconds: number; runTag: string },
): Promise<RunResult> {
  const client = new KeepAliveClient(bench.port, options.clients);
  const secret = bench.deps.env.CASINO_WALLET_SECRET;
  const latenciesMs: number[] = [];
  let refused = 0;
  let failed = 0;
  let measuring = false;
  let stopAt = performance.now() + options.warmupSeconds * 1000;
  const call = async (kind: 'bet' | 'win', fields: Record<string, unknown>) => {
    const body = { ...fields, timestamp: Date.now() };
    const signature = signBody(secret, JSON.stringify(body));
    const started = performance.now();
    const response = await client.post(`/api/wallet/${kind}`, body, { 'x-signature': signature });
    if (!measuring) return;
    const status = response.status === 200 ? (JSON.parse(response.body) as { status: string }).status : '';
    if (status === 'RS_OK') latenciesMs.push(performance.now() - started);
    else if (status.startsWith('RS_')) refused += 1;
    else failed += 1;
  };
  const loop = async (clientIndex: number) => {
    for (let round = 0; performance.now() < stopAt; round += 1) {
      const token = tokens[(clientIndex + round * options.clients) % tokens.length];
      const roundId = `${options.runTag}-${clientIndex}-${round}`;
      const common = { token, roundId, gameId: AVIATOR };
      await call('bet', { ...common, transactionId: `${roundId}-b`, amount: '1.00' });
      const winAmount = ['0', '1.00', '2.00'][round % 3];
      await call('win', {
        ...common,
        transactionId: `${roundId}-w`,
        amount: winAmount,
        referenceTransactionId: `${roundId}-b`,
      });
    }
  };
  const run = (tag: string) =>
    Promise.all(Array.from({ length: options.clients }, (_, i) => loop(i + (tag === 'warm' ? 100_000 : 0))));
  await run('warm');
  measuring = true;
  const startedAt = performance.now();
  stopAt = startedAt + options.seconds * 1000;
  await run('measure');
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  client.close();
  return {
    ...summarise(latenciesMs),
    clients: options.clients,
    callbacksPerSec: Math.round(latenciesMs.length / elapsedSeconds),
    refused,
    failed,
  };
}

async function benchBackend(backend: Backend): Promise<RunResult[]> {
  const bench = await startBenchApp(backend, DATABASE_URL, POOL_SIZE);
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

const startedAt = performance.now();
const hardStop = setTimeout(() => {
  console.error('bench:casino exceeded its 3 minute budget');
  process.exit(1);
}, 170_000);
hardStop.unref();

const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const pglite = backends.includes('pglite') ? await benchBackend('pglite') : null;
const postgres = backends.includes('postgres') ? await benchBackend('postgres') : null;
// The headline figures: PostgreSQL's best throughput run when it ran, else PGlite's.
const headline = (postgres ?? pglite ?? []).reduce<RunResult | null>(
  (best, run) => (best === null || run.callbacksPerSec > best.callbacksPerSec ? run : best),
  null,
);
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
    targets: { postgresCallbacksPerSec: 3000, postgresP99Ms: 20 },
  }),
);
