import { randomUUID } from 'node:crypto';
import { formatMinor } from '@backlay/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { MAX_POSITION_PLAYERS, readPositions } from './positions.ts';

/**
 * The position book against its definition (docs/decisions/0238, 0249): random bets written straight
 * into the table, each player's result if each runner wins summed bet by bet and runner by runner.
 */

type Bet = {
  id: string;
  player_id: string;
  market_id: string;
  runner_id: string;
  side: 'BACK' | 'LAY';
  stake_minor: number;
  matched_minor: number;
  matched_value: number;
  status: string;
};

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = bearer(await loginAs(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(() => ctx.close());

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)), next };
}

async function createMarket(runners: string[]) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: admin,
    payload: {
      sport: 'politics',
      competition: 'Specials',
      name: `Book ${randomUUID().slice(0, 6)}`,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      markets: [{ type: 'MATCH_ODDS', runners, marketMaker: false }],
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ markets: { id: string; runners: { id: string; name: string }[] }[] }>().markets[0]!;
}

function randomBets(
  seed: number,
  marketId: string,
  runnerIds: string[],
  players: string[],
  count: number,
): Bet[] {
  const rng = random(seed);
  const statuses = ['MATCHED', 'PARTIALLY_MATCHED', 'UNMATCHED', 'CANCELLED', 'SETTLED', 'VOID'];
  return Array.from({ length: count }, (_, n) => {
    const stake = rng.int(1, 500_000);
    const matched = rng.next() < 0.15 ? 0 : rng.next() < 0.5 ? stake : rng.int(1, stake);
    // Σ size × price in hundredths over fills at several prices: any whole number from 1.01 up.
    const value = matched * 101 + rng.int(0, matched * 3_000);
    // Now and then a bet on a runner the market no longer lists.
    const runner = rng.next() < 0.02 ? 'withdrawn' : runnerIds[rng.int(0, runnerIds.length - 1)]!;
    return {
      id: `book-${seed}-${n}`,
      player_id: players[rng.int(0, players.length - 1)]!,
      market_id: marketId,
      runner_id: runner,
      side: rng.next() < 0.5 ? 'BACK' : 'LAY',
      stake_minor: stake,
      matched_minor: matched,
      matched_value: value,
      status: statuses[rng.int(0, statuses.length - 1)]!,
    };
  });
}

async function insertBets(bets: Bet[]) {
  await ctx.deps.db.query(
    `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, placed_at,
                       updated_at)
     SELECT x.id, row_number() OVER (), x.player_id, x.market_id, x.runner_id, x.side, 100, x.stake_minor,
            x.matched_minor, x.matched_value, 0, x.status, 'PERSIST', x.id, 'f', now(), now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, player_id text, market_id text, runner_id text, side text,
            stake_minor bigint, matched_minor bigint, matched_value bigint, status text)`,
    [JSON.stringify(bets)],
  );
}

/** The book by its definition: every counted bet, for every runner, won or lost in full. */
function expectedBook(runnerIds: string[], bets: Bet[]) {
  const byPlayer = new Map<string, bigint[]>();
  for (const bet of bets) {
    if (bet.matched_minor === 0 || bet.status === 'VOID') continue;
    const stake = BigInt(bet.matched_minor);
    const win = (BigInt(bet.matched_value) - stake * 100n) / 100n;
    const ifWins = byPlayer.get(bet.player_id) ?? runnerIds.map(() => 0n);
    runnerIds.forEach((runnerId, index) => {
      const wins = runnerId === bet.runner_id;
      const back = bet.side === 'BACK';
      ifWins[index]! += wins ? (back ? win : -win) : back ? -stake : stake;
    });
    byPlayer.set(bet.player_id, ifWins);
  }
  const players = [...byPlayer].map(([playerId, ifWins]) => ({
    playerId,
    ifWins,
    liability: ifWins.reduce((least, amount) => (amount < least ? amount : least)),
  }));
  players.sort((a, b) =>
    a.liability !== b.liability ? (a.liability < b.liability ? -1 : 1) : a.playerId < b.playerId ? -1 : 1,
  );
  const totals = runnerIds.map((_, index) =>
    players.reduce((sum, player) => sum + player.ifWins[index]!, 0n),
  );
  return {
    totals: totals.map(formatMinor),
    players: players.slice(0, MAX_POSITION_PLAYERS).map((player) => ({
      playerId: player.playerId,
      email: null,
      ifWins: Object.fromEntries(runnerIds.map((id, index) => [id, formatMinor(player.ifWins[index]!)])),
    })),
  };
}

describe('the position book', () => {
  it.each([
    [1, ['Home', 'Away'], 40, 600],
    [2, ['Home', 'Away', 'Draw'], 900, 4_000],
    [3, ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'], 120, 2_000],
  ])(
    'equals the bet-by-bet sum on random bets (seed %i, runners %j, %i players)',
    async (seed, names, playerCount, betCount) => {
      const market = await createMarket(names);
      const other = await createMarket(names);
      const runnerIds = market.runners.map((runner) => runner.id);
      const players = Array.from({ length: playerCount }, () => randomUUID());
      const bets = randomBets(seed, market.id, runnerIds, players, betCount);
      // Another market's bets, of the same players on the same runner ids, count for nothing here.
      await insertBets([...bets, ...randomBets(seed + 100, other.id, runnerIds, players, 300)]);

      const book = await readPositions(ctx.deps.db, market.id);
      const expected = expectedBook(runnerIds, bets);
      expect(book!.runners).toEqual(
        market.runners.map((runner, index) => ({
          id: runner.id,
          name: runner.name,
          ifWins: expected.totals[index],
        })),
      );
      expect(book!.players).toHaveLength(Math.min(expected.players.length, MAX_POSITION_PLAYERS));
      expect(book!.players).toEqual(expected.players);
    },
  );

  it('is empty for a market without matched bets and null for no market', async () => {
    const market = await createMarket(['Yes', 'No']);
    const book = await readPositions(ctx.deps.db, market.id);
    expect(book).toEqual({
      runners: market.runners.map((runner) => ({ id: runner.id, name: runner.name, ifWins: '0.00' })),
      players: [],
    });
    expect(await readPositions(ctx.deps.db, 'no-such-market.match-odds')).toBeNull();
  });
});
