/**
 * `npm run bench:wallet`: the cash desk API under concurrent keep-alive clients on a loopback port, on
 * embedded PGlite and on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in
 * a fresh schema dropped afterwards), then balance pushes to 2,000 connected sockets. Each backend is
 * measured at a low and a high client count (latency vs throughput). Bounded: well under 3 minutes.
 * The last line is one JSON object with every figure.
 */
import { createPlayers, startBenchApp, type Backend } from './bench-app.ts';
import { runSocketPush, type SocketPushResult } from './socket-push.ts';
import { clientLevels } from './stats.ts';
import { runTransferLoad, type TransferLoadResult } from './transfer-load.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 6), 20);
const CLIENT_LEVELS = clientLevels('8,32', 256);
const POOL_SIZE = Math.min(Number(env.BENCH_POOL ?? 16), 50);
const PLAYERS = 400;
const SOCKETS_PER_PLAYER = 5;
const PUSH_CHANGES = 1_000;

type BackendResult = { transfers: TransferLoadResult[]; push: SocketPushResult | null };

async function benchBackend(backend: Backend): Promise<BackendResult> {
  const bench = await startBenchApp(backend, DATABASE_URL, POOL_SIZE);
  try {
    const players = await createPlayers(bench, PLAYERS, 1_000_000n);
    const transfers: TransferLoadResult[] = [];
    for (const clients of CLIENT_LEVELS) {
      const ids = players.map((p) => p.id);
      const result = await runTransferLoad(bench, ids, { clients, seconds: SECONDS, warmupSeconds: 1 });
      console.log(`${backend} transfers, ${clients} clients: ${JSON.stringify(result)}`);
      transfers.push(result);
    }
    if (env.BENCH_SKIP_PUSH) return { transfers, push: null };
    const push = await runSocketPush(bench, players, {
      socketsPerPlayer: SOCKETS_PER_PLAYER,
      changes: PUSH_CHANGES,
      concurrency: 8,
    });
    console.log(`${backend} socket push: ${JSON.stringify(push)}`);
    return { transfers, push };
  } finally {
    await bench.close();
  }
}

function figures(result: BackendResult | null) {
  if (!result) return null;
  return {
    runs: result.transfers.map((run) => ({
      clients: run.clients,
      transfersPerSecond: run.transfersPerSecond,
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
      refused: run.refused,
      failed: run.failed,
    })),
    pushSockets: result.push?.sockets ?? 0,
    pushP50Ms: result.push?.commitToSocket.p50Ms ?? null,
    pushP99Ms: result.push?.commitToSocket.p99Ms ?? null,
    requestToSocketP99Ms: result.push?.requestToSocket.p99Ms ?? null,
    pushMissed: result.push?.missed ?? null,
  };
}

const startedAt = performance.now();
const hardStop = setTimeout(() => {
  console.error('bench:wallet exceeded its 3 minute budget');
  process.exit(1);
}, 170_000);
hardStop.unref();

// BENCH_BACKENDS=postgres runs one backend while tuning; the default runs both.
const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const pglite = backends.includes('pglite') ? await benchBackend('pglite') : null;
const postgres = backends.includes('postgres') ? await benchBackend('postgres') : null;
console.log(
  JSON.stringify({
    bench: 'wallet',
    seconds: Math.round((performance.now() - startedAt) / 100) / 10,
    config: {
      poolSize: POOL_SIZE,
      players: PLAYERS,
      measureSeconds: SECONDS,
      mix: '50% deposit / 50% withdraw',
    },
    pglite: figures(pglite),
    postgres: figures(postgres),
    targets: { postgresTransfersPerSecond: 2000, postgresP99Ms: 25, pushP99Ms: 20, pushSockets: 2000 },
  }),
);
