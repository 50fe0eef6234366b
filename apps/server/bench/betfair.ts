/**
 * `npm run bench:betfair`: bench:bets' load (bets.ts) and then the same load through the trading API,
 * one-instruction placeOrders over API-NG's JSON-RPC (betfair-clients.ts): the same app, players,
 * markets, concurrency and duration, so the two paths stand side by side in one run. Each level of
 * concurrent players (BENCH_CLIENTS, default 64 and 256) runs bets then orders for BENCH_SECONDS
 * (default 10) each, on PGlite and on PostgreSQL (DATABASE_URL; BENCH_BACKENDS picks one). Both paths
 * place on the same books, so the orders run meets the bets the bets run left resting.
 * Prints a table (path, orders/s, p50, p99, refused, failed); last line: one JSON object.
 */
import { createPlayers, limitsLine, startBenchApp, type Backend, type BenchApp } from './bench-app.ts';
import type { BetfairLoadInput, BetfairLoadOutput } from './betfair-clients.ts';
import { createMarkets, PLAYERS, runClients, runLevel, type Market } from './bets.ts';
import { clientLevels, headlineRun } from './stats.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 10), 20);
const CLIENT_LEVELS = clientLevels('64,256', 512);
const TARGET_P99_MS = 50;

type Row = {
  path: 'bets' | 'placeOrders';
  clients: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  failed: number;
  /** Matched stake over placed stake: the two paths should cross alike. */
  matchedShare: number;
  refusals?: Record<string, number>;
};

/** Each player's first app key, made over the player's own route as a program's owner makes it. */
async function appKeys(bench: BenchApp, players: readonly { token: string }[]) {
  const keyed: { token: string; appKey: string }[] = [];
  for (const { token } of players) {
    const response = await bench.app.inject({
      method: 'POST',
      url: '/api/me/app-keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'bench' },
    });
    if (response.statusCode !== 201) throw new Error(`app key: ${response.statusCode} ${response.body}`);
    keyed.push({ token, appKey: (JSON.parse(response.body) as { appKey: string }).appKey });
  }
  return keyed;
}

/** The markets' Betfair ids (migration 029): `1.<bf_id>` and the first runner's selectionId. */
async function betfairMarkets(bench: BenchApp, markets: readonly Market[]) {
  return Promise.all(
    markets.map(async (market) => {
      const [row] = await bench.deps.db.query<{ market: string; selection: string }>(
        `SELECT m.bf_id::text AS market, r.bf_id::text AS selection
           FROM markets m JOIN runners r ON r.market_id = m.id
          WHERE m.id = $1 AND r.runner_id = $2`,
        [market.id, market.runners[0]!.id],
      );
      if (!row) throw new Error(`no Betfair ids for market ${market.id}`);
      return { bfMarketId: `1.${row.market}`, selectionId: Number(row.selection) };
    }),
  );
}

const betsRow = (run: Awaited<ReturnType<typeof runLevel>>): Row => {
  // bench:bets counts every answer but 201 as refused: a 5xx among them is the server failing.
  const refusals = run.refusals ?? {};
  const failed = Object.entries(refusals)
    .filter(([cause]) => cause.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  const { clients, betsPerSec, p50Ms, p99Ms, matchedShare } = run;
  const row: Row = {
    path: 'bets',
    clients,
    ordersPerSec: betsPerSec,
    p50Ms,
    p99Ms,
    refused: run.refused - failed,
    failed,
    matchedShare,
  };
  return run.refused > 0 ? { ...row, refusals } : row;
};

const ordersRow = (clients: number, load: BetfairLoadOutput): Row => ({
  path: 'placeOrders',
  clients,
  ordersPerSec: Math.round(load.count / load.elapsedSeconds),
  p50Ms: load.p50Ms,
  p99Ms: load.p99Ms,
  refused: load.refused,
  failed: load.failed,
  matchedShare: load.matchedShare,
  ...(load.refused + load.failed > 0 ? { refusals: load.refusals } : {}),
});

async function benchBackend(backend: Backend): Promise<Row[]> {
  const bench = await startBenchApp(backend, DATABASE_URL, 16);
  try {
    const players = await createPlayers(bench, PLAYERS, 100_000_000n);
    const markets = await createMarkets(bench);
    const programs = await appKeys(bench, players);
    const bfMarkets = await betfairMarkets(bench, markets);
    const rows: Row[] = [];
    for (const clients of CLIENT_LEVELS) {
      rows.push(betsRow(await runLevel(bench, players, markets, clients, SECONDS)));
      const input: BetfairLoadInput = {
        port: bench.port,
        players: programs,
        markets: bfMarkets,
        clients,
        seconds: SECONDS,
        warmupSeconds: 1,
      };
      const load = await runClients<BetfairLoadInput, BetfairLoadOutput>(
        input,
        () => {},
        new URL('./betfair-clients.ts', import.meta.url),
      );
      rows.push(ordersRow(clients, load));
      for (const row of rows.slice(-2))
        console.log(`${backend} ${row.path}, ${clients} clients: ${JSON.stringify(row)}`);
    }
    return rows;
  } finally {
    await bench.close();
  }
}

function printTable(results: Record<string, Row[]>): void {
  const header = ['backend', 'path', 'clients', 'orders/s', 'p50 ms', 'p99 ms', 'refused', 'failed'];
  const lines = Object.entries(results).flatMap(([backend, rows]) =>
    rows.map((row) =>
      [backend, row.path, row.clients, row.ordersPerSec, row.p50Ms, row.p99Ms, row.refused, row.failed].map(
        String,
      ),
    ),
  );
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  for (const line of [header, ...lines])
    console.log(
      line
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

console.log(limitsLine());
console.log(`${SECONDS} s per path at ${CLIENT_LEVELS.join(', ')} concurrent players, ${PLAYERS} players`);
const results: Record<string, Row[]> = {};
for (const backend of (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',') as Backend[]) {
  try {
    results[backend] = await benchBackend(backend);
  } catch (error) {
    // PostgreSQL may be absent on a developer's machine; PGlite always runs.
    if (backend !== 'postgres') throw error;
    console.log(`postgres skipped: ${(error as Error).message}`);
  }
}
const backend = results.postgres ? 'postgres' : 'pglite';
const rows = results[backend];
if (!rows) throw new Error('BENCH_BACKENDS named no backend that ran');
printTable(results);
// The headline level is bench:bets' (stats.ts headlineRun); placeOrders is read at the same level.
const bets = headlineRun(
  rows.filter((row) => row.path === 'bets'),
  (row) => row.ordersPerSec,
  TARGET_P99_MS,
)!;
const orders = rows.find((row) => row.path === 'placeOrders' && row.clients === bets.clients)!;
console.log(
  JSON.stringify({
    backend,
    headlineClients: bets.clients,
    betsPerSec: bets.ordersPerSec,
    betP99Ms: bets.p99Ms,
    placeOrdersPerSec: orders.ordersPerSec,
    placeOrdersP99Ms: orders.p99Ms,
    seconds: SECONDS,
    runs: results,
  }),
);
process.exit(0);
