/**
 * `npm run bench:wallet`: the cash desk API under concurrent keep-alive clients on a loopback port, on
 * embedded PGlite and on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in
 * a fresh schema dropped afterwards), then balance pushes to 2,000 connected sockets. Bounded in count
 * and time (about a minute). The last line is one JSON object with every figure.
 */
import { createPlayers, startBenchApp, type Backend } from './bench-app.ts';
import { runSocketPush, type SocketPushResult } from './socket-push.ts';
import { runTransferLoad, type TransferLoadResult } from './transfer-load.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 8), 30);
const CLIENTS = Math.min(Number(env.BENCH_CLIENTS ?? 32), 256);
const POOL_SIZE = Math.min(Number(env.BENCH_POOL ?? 16), 50);
const PLAYERS = 400;
const SOCKETS_PER_PLAYER = 5;
const PUSH_CHANGES = 1_000;

type BackendResult = { transfers: TransferLoadResult; push: SocketPushResult };

const NO_LATENCY = { count: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 };
const EMPTY: BackendResult = {
  transfers: { ...NO_LATENCY, transfersPerSecond: 0, clients: 0, seconds: 0, refused: 0, failed: 0 },
  push: { sockets: 0, changes: 0, commitToSocket: NO_LATENCY, requestToSocket: NO_LATENCY, missed: 0 },
};

async function benchBackend(backend: Backend): Promise<BackendResult> {
  const bench = await startBenchApp(backend, DATABASE_URL, POOL_SIZE);
  try {
    const players = await createPlayers(bench, PLAYERS, 1_000_000n);
    const transfers = await runTransferLoad(
      bench,
      players.map((p) => p.id),
      { clients: backend === 'pglite' ? Math.min(CLIENTS, 16) : CLIENTS, seconds: SECONDS, warmupSeconds: 1 },
    );
    console.log(`${backend} transfers: ${JSON.stringify(transfers)}`);
    if (env.BENCH_SKIP_PUSH) return { transfers, push: EMPTY.push };
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

const startedAt = performance.now();
const hardStop = setTimeout(() => {
  console.error('bench:wallet exceeded its 3 minute budget');
  process.exit(1);
}, 170_000);
hardStop.unref();

// BENCH_BACKENDS=postgres runs one backend while tuning; the default runs both.
const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const pglite = backends.includes('pglite') ? await benchBackend('pglite') : EMPTY;
const postgres = backends.includes('postgres') ? await benchBackend('postgres') : EMPTY;
const summary = {
  bench: 'wallet',
  seconds: Math.round((performance.now() - startedAt) / 100) / 10,
  config: { clients: CLIENTS, poolSize: POOL_SIZE, players: PLAYERS, measureSeconds: SECONDS },
  pglite: {
    transfersPerSecond: pglite.transfers.transfersPerSecond,
    p50Ms: pglite.transfers.p50Ms,
    p99Ms: pglite.transfers.p99Ms,
    pushSockets: pglite.push.sockets,
    pushP99Ms: pglite.push.commitToSocket.p99Ms,
    pushP50Ms: pglite.push.commitToSocket.p50Ms,
    requestToSocketP99Ms: pglite.push.requestToSocket.p99Ms,
    pushMissed: pglite.push.missed,
  },
  postgres: {
    transfersPerSecond: postgres.transfers.transfersPerSecond,
    p50Ms: postgres.transfers.p50Ms,
    p99Ms: postgres.transfers.p99Ms,
    refused: postgres.transfers.refused,
    failed: postgres.transfers.failed,
    pushSockets: postgres.push.sockets,
    pushP99Ms: postgres.push.commitToSocket.p99Ms,
    pushP50Ms: postgres.push.commitToSocket.p50Ms,
    requestToSocketP99Ms: postgres.push.requestToSocket.p99Ms,
    pushMissed: postgres.push.missed,
  },
  targets: { postgresTransfersPerSecond: 2000, postgresP99Ms: 25, pushP99Ms: 20 },
};
console.log(JSON.stringify(summary));
