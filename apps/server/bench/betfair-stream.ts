/**
 * `npm run bench:betfair-stream`: how soon a market change reaches the trading API's stream subscribers
 * (docs/decisions/0258). BENCH_CONNECTIONS (default 500) connections in a child process subscribe to one
 * market through the TLS stream; then BENCH_ROUNDS (default 30) portal bets, BENCH_GAP_MS (default 150)
 * apart so the portal's 100 ms conflation never holds one back, each change the book. A change's latency
 * is from the market update's publish on the bus, right after its commit, to its arrival at each
 * connection. Runs on PostgreSQL (DATABASE_URL) unless BENCH_BACKEND=pglite. Target: p99 ≤ 50 ms.
 * Last line: one JSON object.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { priceHundredthsOfTick, tickOfPriceHundredths } from '@backlay/exchange';
import { BetfairStreamServer, tlsIdentity } from '../src/modules/betfair/index.ts';
import { createPlayers, startBenchApp, type Backend } from './bench-app.ts';
import type { StreamClientsInput, StreamClientsOutput } from './betfair-stream-clients.ts';
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import { summarise } from '../../../tools/load-clients/latency.ts';

const env = process.env;
const BACKEND: Backend = env.BENCH_BACKEND === 'pglite' ? 'pglite' : 'postgres';
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = Math.min(Number(env.BENCH_CONNECTIONS ?? 500), 2000);
const ROUNDS = Math.min(Number(env.BENCH_ROUNDS ?? 30), 300);
const GAP_MS = Math.max(Number(env.BENCH_GAP_MS ?? 150), 110);
const TARGET_P99_MS = 50;
/** 1000.00 odds: far enough up the ladder for a tick down every round. */
const START_TICK = (() => {
  const tick = tickOfPriceHundredths(100_000);
  if (!tick.ok) throw new Error('the ladder has no 1000.00');
  return tick.value;
})();
const now = () => performance.timeOrigin + performance.now();

const bench = await startBenchApp(BACKEND, DATABASE_URL, 8);
// One app key holds every connection here, far past Betfair's 10.
const server = new BetfairStreamServer({ ...bench.deps, connectionsPerAppKey: CONNECTIONS });
try {
  const [subscriber, bettor] = await createPlayers(bench, 2, 100_000_000n);
  const http = new KeepAliveClient(bench.port, 2);
  const admin = { authorization: `Bearer ${bench.operatorToken}` };
  const created = await http.post(
    '/api/admin/events',
    {
      sport: 'politics',
      competition: 'Bench',
      name: `Stream ${Date.now()}`,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'MATCH_ODDS', runners: ['Yes', 'No'], marketMaker: false, minStake: '1' }],
    },
    admin,
  );
  const market = (JSON.parse(created.body) as { markets: { id: string; runners: { id: string }[] }[] })
    .markets[0]!;
  const [ids] = await bench.deps.db.query<{ bf: string }>(
    'SELECT bf_id::text AS bf FROM markets WHERE id = $1',
    [market.id],
  );
  const key = await http.post(
    '/api/me/app-keys',
    { name: 'bench' },
    { authorization: `Bearer ${subscriber!.token}` },
  );
  const appKey = (JSON.parse(key.body) as { appKey: string }).appKey;

  const port = await server.start(
    await tlsIdentity({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bf-bench-')) }),
    0,
    '127.0.0.1',
  );
  const topic = bench.deps.streams.topicOf('market', market.id);
  const published: number[] = [];
  const publish = bench.bus.publish.bind(bench.bus);
  bench.bus.publish = async (name: string, message: string) => {
    if (name === topic) published.push(now());
    await publish(name, message);
  };

  const child = fork(fileURLToPath(new URL('./betfair-stream-clients.ts', import.meta.url)), {
    execArgv: process.execArgv,
  });
  const replies: ((value: unknown) => void)[] = [];
  child.on('message', (message) => replies.shift()?.(message));
  const reply = () => new Promise((resolve) => replies.push(resolve));
  const ready = reply();
  child.send({
    port,
    appKey,
    session: subscriber!.token,
    bfMarketId: `1.${ids!.bf}`,
    connections: CONNECTIONS,
  } satisfies StreamClientsInput);
  await ready;
  console.log(`${CONNECTIONS} connections subscribed on ${BACKEND}`);

  const marks: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = published.length;
    const bet = {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side: 'BACK',
      // One tick lower each round: every bet is the new best offer, so every bet changes the book shown.
      price: priceHundredthsOfTick(START_TICK - round) / 100,
      stake: '10',
      persistence: 'LAPSE',
      clientRef: `stream-bench-${round}-${Date.now()}`,
    };
    const answer = await http.post('/api/bets', bet, { authorization: `Bearer ${bettor!.token}` });
    if (answer.status !== 201) throw new Error(`bet: ${answer.status} ${answer.body}`);
    while (published.length === before) await sleep(1);
    marks.push(published[before]!);
    await sleep(GAP_MS);
  }
  await sleep(500);
  const done = reply();
  child.send({ report: true });
  const { arrivals } = ((await done) as { done: StreamClientsOutput }).done;

  // Each connection's first arrival after each round's publish (and before the next) is that change.
  const latencies: number[] = [];
  let missed = 0;
  for (const list of arrivals) {
    marks.forEach((mark, index) => {
      const next = marks[index + 1] ?? Infinity;
      const at = list.find((time) => time >= mark && time < next);
      if (at === undefined) missed += 1;
      else latencies.push(at - mark);
    });
  }
  const stats = summarise(latencies);
  console.log(`changes: ${ROUNDS} x ${CONNECTIONS} connections, missed ${missed}`);
  console.log(
    `publish to arrival: p50 ${stats.p50Ms.toFixed(1)} ms, p99 ${stats.p99Ms.toFixed(1)} ms, max ${stats.maxMs.toFixed(1)} ms (target p99 <= ${TARGET_P99_MS})`,
  );
  console.log(
    JSON.stringify({
      bench: 'betfair-stream',
      backend: BACKEND,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      missed,
      ...stats,
    }),
  );
  http.close();
} finally {
  await server.stop();
  await bench.close();
}
