/**
 * `npm run bench:bets`: players placing back and lay bets through HTTP on a few hot exchange markets,
 * with the group commit, on embedded PGlite and on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped afterwards). Bets alternate sides
 * at one price so most of them match. Last line: one JSON object with `betsPerSec`, `betP99Ms` (the
 * PostgreSQL figures when it ran) and each backend's run.
 */
import { randomUUID } from 'node:crypto';
import { createPlayers, startBenchApp, type Backend } from './bench-app.ts';
import { KeepAliveClient } from './http-client.ts';
import { summarise } from './stats.ts';
import { runStreamFanout } from './stream-fanout.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Math.min(Number(env.BENCH_SECONDS ?? 6), 20);
const CLIENTS = Math.min(Number(env.BENCH_CLIENTS ?? 64), 256);
const MARKETS = 4;
const PLAYERS = 400;
const FANOUT_SOCKETS = Math.min(Number(env.BENCH_SOCKETS ?? 2000), 2000);

async function benchBackend(backend: Backend) {
  const bench = await startBenchApp(backend, DATABASE_URL, 16);
  try {
    const players = await createPlayers(bench, PLAYERS, 100_000_000n);
    const admin = { authorization: `Bearer ${bench.operatorToken}` };
    const client = new KeepAliveClient(bench.port, CLIENTS);
    const markets: { id: string; runners: { id: string }[] }[] = [];
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
    const latenciesMs: number[] = [];
    let refused = 0;
    let measuring = false;
    let stopAt = performance.now() + 1000;
    let selfMatched = 0;
    let matchedMinor = 0;
    // Each client walks the players, markets and sides on its own seeded sequence, so concurrent bets
    // come from many players and cross each other (not one player matching itself).
    const loop = async (clientIndex: number) => {
      let state = clientIndex + 1;
      // xorshift32: a cheap, repeatable sequence per client.
      const next = () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return state >>> 0;
      };
      while (performance.now() < stopAt) {
        const player = players[next() % players.length]!;
        const market = markets[next() % MARKETS]!;
        const side = next() % 2 === 0 ? 'BACK' : 'LAY';
        const started = performance.now();
        const response = await client.post(
          '/api/bets',
          {
            marketId: market.id,
            runnerId: market.runners[0]!.id,
            side,
            price: 2,
            stake: '100',
            clientRef: randomUUID(),
          },
          { authorization: `Bearer ${player.token}` },
        );
        if (!measuring) continue;
        if (response.status !== 201) {
          refused += 1;
          continue;
        }
        latenciesMs.push(performance.now() - started);
        const answer = JSON.parse(response.body) as { bet: { matched: string }; notice?: unknown };
        if (answer.notice) selfMatched += 1;
        matchedMinor += Math.round(Number(answer.bet.matched) * 100);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(i)));
    measuring = true;
    const startedAt = performance.now();
    stopAt = startedAt + SECONDS * 1000;
    const before = bench.deps.exchange.ctx.committer.stats;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => loop(i)));
    const elapsedS = (performance.now() - startedAt) / 1000;
    const after = bench.deps.exchange.ctx.committer.stats;
    const summary = summarise(latenciesMs);
    const result = {
      backend,
      clients: CLIENTS,
      betsPerSec: Math.round(summary.count / elapsedS),
      p50Ms: summary.p50Ms,
      p99Ms: summary.p99Ms,
      refused,
      selfMatched,
      matchedShare: Math.round((matchedMinor / Math.max(1, summary.count * 10_000)) * 100) / 100,
      batchWriteMs:
        Math.round(((after.writeMs - before.writeMs) / Math.max(1, after.batches - before.batches)) * 10) /
        10,
      commandsPerBatch:
        Math.round(((after.commands - before.commands) / Math.max(1, after.batches - before.batches)) * 10) /
        10,
    };
    console.log(`${backend} bets: ${JSON.stringify(result)}`);console.log(JSON.stringify((globalThis as any).__bt));
    const [first] = markets;
    const fanout = await runStreamFanout(
      bench,
      players,
      { id: first!.id, runnerId: first!.runners[1]!.id },
      { sockets: FANOUT_SOCKETS, updates: 100 },
    );
    console.log(`${backend} stream fan-out: ${JSON.stringify(fanout)}`);
    return {
      ...result,
      streamSockets: fanout.sockets,
      streamP50Ms: fanout.publishToSocket.p50Ms,
      streamP99Ms: fanout.publishToSocket.p99Ms,
    };
  } finally {
    await bench.close();
  }
}

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
    streamP99Ms: headline.streamP99Ms,
    pglite,
    postgres,
  }),
);
process.exit(0);
