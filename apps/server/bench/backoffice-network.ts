/**
 * Part of `npm run bench:backoffice` (docs/decisions/0298): the console's agent network calls at the
 * issue's scale, on a fresh PostgreSQL schema. The seed (backoffice-network-seed.ts: 6 levels, 1,706
 * agents, 100,000 players, 1,000,000 settled bets over 31 days and their roll-ups) plus a busy open
 * market of 10,000 matched bets of players all over the tree, then each call timed BENCH_REPEAT times as
 * a level-3 agent (5,000 direct players, 32 level-6 agents below) and as the owner: the downline's first
 * page and a deep one by cursor, the market book, the downline P/L over 31 days by child, market and day,
 * and as the owner also the players list deep by cursor and the position book (both staff only).
 */
import type { Database } from '../src/db/database.ts';
import { learnOpenBettors } from '../src/modules/agents/index.ts';
import { createSession } from '../src/modules/auth/index.ts';
import { summarise } from '../../../tools/load-clients/latency.ts';
import { startBenchApp } from './bench-app.ts';
import { agentEmail, DAYS, NETWORK_PLAYERS, SETTLED_BETS, seedNetwork } from './backoffice-network-seed.ts';

const BUSY_BETS = 10_000;
const TARGETS_MS = { list: 100, book: 100, report: 300, positions: 50 };

export type NetworkFigures = {
  seedMs: number;
  calls: Record<string, ReturnType<typeof summarise> & { targetP99Ms: number }>;
};

export async function benchNetwork(databaseUrl: string, repeat: number): Promise<NetworkFigures> {
  const bench = await startBenchApp('postgres', databaseUrl, 8);
  try {
    const { db } = bench.deps;
    const owner = consoleClient(bench.port, bench.operatorToken);
    const [template, busy] = [await createMarket(owner, 'Template'), await createMarket(owner, 'Busy')];
    const started = Date.now();
    await seedNetwork(db, template);
    await busyMarket(db, busy);
    // A month of roll-ups would long have been vacuumed by autovacuum: their pages all-visible, so the
    // reports' index-only scans read no table page (docs/decisions/0323).
    await db.query('VACUUM ANALYZE agent_pl_daily, agent_pl_markets');
    await db.query('ANALYZE');
    const seedMs = Date.now() - started;
    // An instance learns the open markets' bettors' agents when it starts (docs/decisions/0319); this
    // one started before the seed wrote them behind its back, so it learns them now, as a restart would.
    await learnOpenBettors(db);
    console.log(
      `seeded 1,706 agents, ${NETWORK_PLAYERS} players, ${SETTLED_BETS} settled bets over ${DAYS} days, ` +
        `their roll-ups and ${BUSY_BETS} open bets in ${seedMs} ms`,
    );
    const [agent] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      agentEmail(3, 0),
    ]);
    const asAgent = consoleClient(bench.port, await createSession(db, agent!.id, 1));
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const pl = `/api/admin/reports/downline-pl?from=${from}&to=${today}`;
    const calls: [string, ConsoleClient, string, number][] = [];
    for (const [who, client, accountQuery, deepDownline] of [
      ['agent', asAgent, '', 80],
      ['owner', owner, `accountId=${agent!.id}&`, 80],
    ] as const) {
      const downline = `/api/admin/downline?${accountQuery}limit=50`;
      calls.push(
        [`${who}: downline, first page`, client, downline, TARGETS_MS.list],
        [
          `${who}: downline, page ${deepDownline} by cursor`,
          client,
          `${downline}&cursor=${await cursorAfter(client, downline, 'nextCursor', deepDownline - 1)}`,
          TARGETS_MS.list,
        ],
        [`${who}: market book`, client, `/api/admin/markets/${busy}/book`, TARGETS_MS.book],
        [`${who}: P/L 31 days by child`, client, `${pl}&groupBy=child`, TARGETS_MS.report],
        [`${who}: P/L 31 days by market`, client, `${pl}&groupBy=market`, TARGETS_MS.report],
        [`${who}: P/L 31 days by day`, client, `${pl}&groupBy=day`, TARGETS_MS.report],
      );
    }
    // The players list and the position book are the staff's (an agent finds its players in its
    // downline, its part of a market in the market book): the whole 100,000 players and the whole market.
    const players = '/api/admin/players?limit=50';
    calls.push(
      [
        'owner: players, page 1000 by cursor',
        owner,
        `${players}&cursor=${await cursorAfter(owner, players, 'next', 999)}`,
        TARGETS_MS.list,
      ],
      ['owner: position book', owner, `/api/admin/markets/${busy}/positions`, TARGETS_MS.positions],
    );
    const figures: NetworkFigures['calls'] = {};
    for (const [name, client, path, targetP99Ms] of calls) {
      const times: number[] = [];
      for (let i = 0; i < repeat; i += 1) {
        const at = performance.now();
        const response = await client.request('GET', path);
        if (response.status !== 200)
          throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
        times.push(performance.now() - at);
      }
      figures[name] = { ...summarise(times), targetP99Ms };
      console.log(`${name}: ${JSON.stringify(figures[name])}`);
    }
    return { seedMs, calls: figures };
  } finally {
    await bench.close();
  }
}

/** 10,000 matched bets of 1.00 on the busy market, one each of players spread over the whole tree. */
async function busyMarket(db: Database, marketId: string): Promise<void> {
  await db.query(
    `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, placed_at, updated_at)
     SELECT 'net-busy-' || n, 20000000 + n, p.id::text, $2, CASE WHEN n % 2 = 0 THEN 'yes' ELSE 'no' END,
            CASE WHEN n % 3 = 0 THEN 'LAY' ELSE 'BACK' END, 100, 1000, 1000, 250000, 0, 'MATCHED', 'PERSIST',
            'net-busy-' || n, 'f', now() - n * interval '1 second', now()
       FROM generate_series(1, $1::int) n
       JOIN users p ON p.email = 'net-p' || (1 + (n::bigint * 37) % $3::int) || '@players.local'`,
    [BUSY_BETS, marketId, NETWORK_PLAYERS],
  );
}

/** A two-runner market of a fresh operator event, without the market maker; answers its id. */
export async function createMarket(client: ConsoleClient, name: string): Promise<string> {
  const response = await client.request('POST', '/api/admin/events', {
    sport: 'politics',
    competition: 'Bench',
    name: `${name} ${Date.now()}`,
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
    markets: [{ type: 'MATCH_ODDS', runners: ['Yes', 'No'], marketMaker: false }],
  });
  return (response.body as { markets: { id: string }[] }).markets[0]!.id;
}

/** The cursor of the page after `pages` pages of a list (`path` with its query; `key` names it). */
export async function cursorAfter(
  client: ConsoleClient,
  path: string,
  key: string,
  pages: number,
): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page += 1) {
    const response = await client.request('GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`);
    const next = (response.body as Record<string, string | null>)[key];
    if (!next) throw new Error(`${path}: no page ${page + 2}`);
    cursor = next;
  }
  return cursor;
}

export type ConsoleClient = ReturnType<typeof consoleClient>;

/** The console's calls as the staff member or agent behind `token` makes them (fetch keeps connections alive). */
export function consoleClient(port: number, token: string) {
  return {
    async request(method: 'GET' | 'POST', path: string, body?: unknown) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const figures = await benchNetwork(url, Math.min(Number(process.env.BENCH_REPEAT ?? 30), 500));
  console.log(JSON.stringify({ bench: 'backoffice-network', ...figures }));
}
