/**
 * Part of `npm run bench:backoffice` (docs/decisions/0298): what sharing the book costs a settlement.
 * One market of 10,000 matched bets (BENCH_SETTLE_PLAYERS players, default 100, bets of 1.00 each at
 * evens, half the players backing, half laying) is settled through the settle route until its batch committed, its players either the house's
 * or under 3-level chains (80/60/40 %, the backers under one, the layers under another); the two kinds in turn, BENCH_SETTLE_ROUNDS times (default 5),
 * each round on fresh markets and players, so every settlement reads and writes the same amount.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createPlayers, startBenchApp, type BenchApp } from './bench-app.ts';

const ROUNDS = Math.min(Number(process.env.BENCH_SETTLE_ROUNDS ?? 5), 11);
/** Players on the market (BENCH_SETTLE_PLAYERS, default 100): each settles as one ledger posting or two. */
const PLAYERS = Math.min(Math.max(Number(process.env.BENCH_SETTLE_PLAYERS ?? 100), 2), 1000);
const BETS = 10_000;
const BETS_PER_PLAYER = Math.ceil(BETS / PLAYERS);
const CONCURRENT = 50;
const FUNDING_MINOR = 100_000_00n;

export type SettleFigures = { houseMs: number[]; agentMs: number[]; ratio: number };

export async function benchSettlementShares(databaseUrl: string): Promise<SettleFigures> {
  const bench = await startBenchApp('postgres', databaseUrl, 8);
  try {
    const admin = { authorization: `Bearer ${bench.operatorToken}` };
    // Backers under one chain, layers under another: the market's result does not net out in one agent.
    const chains = [
      await agentChain(bench.app, admin, 'b'),
      await agentChain(bench.app, admin, 'l'),
    ] as const;
    const houseMs: number[] = [];
    const agentMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      // In turn, starting with the other kind each round, so neither always runs on a warmer database.
      const kinds = round % 2 === 1 ? (['house', 'agent'] as const) : (['agent', 'house'] as const);
      for (const kind of kinds) {
        const ms = await settleOneMarket(bench, admin, kind === 'agent' ? chains : null);
        (kind === 'house' ? houseMs : agentMs).push(ms);
        console.log(`settlement round ${round}, ${kind} players: ${ms} ms`);
      }
    }
    // Medians: on a shared machine one settlement in a few takes twice as long for reasons of its own.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = Math.round((median(agentMs) / median(houseMs)) * 100) / 100;
    console.log(`settlement of ${PLAYERS * BETS_PER_PLAYER} matched bets, agent/house (medians): ${ratio}×`);
    return { houseMs, agentMs, ratio };
  } finally {
    await bench.close();
  }
}

/** Admin 80 % › master 60 % › agent 40 %, made by the owner over the admin routes; answers the agent. */
async function agentChain(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
): Promise<string> {
  let parentId: string | undefined;
  for (const [level, sharePercent] of [80, 60, 40].entries()) {
    const email = `bench-chain-${name}-${level}@agents.local`;
    const payload = { email, password: 'agent-password', name: email, sharePercent, parentId };
    const created = await app.inject({ method: 'POST', url: '/api/admin/agents', headers, payload });
    if (created.statusCode !== 201) throw new Error(`agent: ${created.statusCode} ${created.body}`);
    parentId = created.json<{ agent: { id: string } }>().agent.id;
  }
  return parentId!;
}

/**
 * Fresh players (when `agents` are given, the backers under the first and the layers under the second:
 * the tree rows written as an agent's player creation writes them), a fresh market, 10,000 bets all
 * matched; answers the settlement's milliseconds.
 */
async function settleOneMarket(
  bench: BenchApp,
  admin: Record<string, string>,
  agents: readonly [string, string] | null,
): Promise<number> {
  const players = await createPlayers(bench, PLAYERS, FUNDING_MINOR);
  if (agents) {
    await bench.deps.db.query(
      `INSERT INTO agent_players (player_id, parent_id)
       SELECT id, CASE WHEN n % 2 = 1 THEN $2::uuid ELSE $3::uuid END FROM unnest($1::uuid[]) WITH ORDINALITY p (id, n)`,
      [players.map((player) => player.id), ...agents],
    );
  }
  const market = await createMarket(bench.app, admin);
  const orders = players.flatMap((player, index) =>
    Array.from({ length: BETS_PER_PLAYER }, () => ({ player, side: index % 2 === 0 ? 'BACK' : 'LAY' })),
  );
  for (let start = 0; start < orders.length; start += CONCURRENT) {
    await Promise.all(
      orders.slice(start, start + CONCURRENT).map(async ({ player, side }) => {
        const place = () =>
          bench.app.inject({
            method: 'POST',
            url: '/api/bets',
            headers: { authorization: `Bearer ${player.token}` },
            payload: {
              marketId: market.id,
              runnerId: market.runners[0]!.id,
              side,
              price: 2,
              stake: '1',
              persistence: 'PERSIST',
              clientRef: randomUUID(),
            },
          });
        let placed = await place();
        // A unit busy loading or with a full queue answers 503: the bench retries as a client would.
        while (placed.statusCode === 503) placed = await place();
        if (placed.statusCode !== 201) throw new Error(`bet: ${placed.statusCode} ${placed.body}`);
      }),
    );
  }
  await bench.deps.exchange.idle();
  const [matched] = await bench.deps.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM bets WHERE market_id = $1 AND status = 'MATCHED'",
    [market.id],
  );
  if (matched!.n !== orders.length) throw new Error(`only ${matched!.n} of ${orders.length} bets matched`);
  const at = performance.now();
  const settled = await bench.app.inject({
    method: 'POST',
    url: `/api/admin/markets/${encodeURIComponent(market.id)}/settle`,
    headers: admin,
    payload: { winnerRunnerId: market.runners[1]!.id },
  });
  if (settled.statusCode !== 200) throw new Error(`settle: ${settled.statusCode} ${settled.body}`);
  await bench.deps.exchange.idle();
  return Math.round(performance.now() - at);
}

async function createMarket(app: FastifyInstance, headers: Record<string, string>) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers,
    payload: {
      sport: 'politics',
      competition: 'Bench',
      name: `Settle ${Date.now()} ${Math.random()}`,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'MATCH_ODDS', runners: ['Yes', 'No'], marketMaker: false, minStake: '1' }],
    },
  });
  if (created.statusCode !== 201) throw new Error(`event: ${created.statusCode} ${created.body}`);
  return created.json<{ markets: { id: string; runners: { id: string }[] }[] }>().markets[0]!;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(JSON.stringify({ bench: 'settle-shares', ...(await benchSettlementShares(url)) }));
}
