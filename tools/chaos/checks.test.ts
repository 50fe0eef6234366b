import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkKeys } from './checks.ts';
import { useCheckerDatabase } from './db-test-kit.ts';
import {
  STAKE_MINOR,
  addMarket,
  addPlayer,
  addRound,
  casinoCallback,
  crashBet,
  exchangeBet,
  fillBetween,
  matchedBy,
  sent,
  tableBet,
  writeBatch,
  type BetRow,
  type SeededMarket,
} from './seed-test-kit.ts';

const database = useCheckerDatabase();
let market: SeededMarket;
let crashRound: number;
let tableRound: number;

beforeAll(async () => {
  market = await addMarket(database.db);
  crashRound = await addRound(database.db, 'crash', 'BETTING');
  tableRound = await addRound(database.db, 'dragon-tiger', 'BETTING');
});

const acknowledged = (bet: BetRow, outcome: '2xx' | '4xx' = '2xx') =>
  sent({
    product: 'exchange',
    key: bet.client_ref,
    playerId: bet.player_id,
    marketId: bet.market_id,
    outcome,
    id: bet.id,
  });
const hold = (bet: BetRow, amountMinor: bigint) => ({
  marketId: bet.market_id,
  playerId: bet.player_id,
  amountMinor,
});
const check = (...requests: Parameters<typeof checkKeys>[1]) => checkKeys(database.pool, requests);
const casinoSent = (key: string, playerId: string, kind: 'bet' | 'win', amountMinor: number) =>
  sent({ product: 'casino', key, playerId, outcome: '2xx', kind, amountMinor });
const noFinding = { lost: [], doubled: [], refusalsThatMoved: [] };

/** Two players' bets matched at 2.00: the backer placed first (held), the layer took it (held). */
async function matchedPair(on: SeededMarket): Promise<[BetRow, BetRow]> {
  const db = database.db;
  const back = exchangeBet(on, await addPlayer(db), 'BACK');
  await writeBatch(db, { bets: [back], holds: [hold(back, STAKE_MINOR)] });
  const lay = exchangeBet(on, await addPlayer(db), 'LAY', { matchedMinor: STAKE_MINOR });
  await writeBatch(db, {
    bets: [lay, matchedBy(back, lay)],
    fills: [fillBetween(lay, back)],
    holds: [hold(lay, STAKE_MINOR)],
  });
  return [back, lay];
}

/** A back held when placed, then cancelled or lapsed whole: its hold released in the same batch. */
async function heldThenCancelled(on: SeededMarket, status: 'CANCELLED' | 'LAPSED'): Promise<BetRow> {
  const bet = exchangeBet(on, await addPlayer(database.db), 'BACK');
  await writeBatch(database.db, { bets: [bet], holds: [hold(bet, STAKE_MINOR)] });
  await writeBatch(database.db, {
    bets: [{ ...bet, cancelled_minor: bet.stake_minor, status }],
    holds: [hold(bet, 0n)],
  });
  return bet;
}

describe('checkKeys', () => {
  it('finds nothing when every stake moved once: matched, cancelled, hedged, lapsed and settled bets too', async () => {
    const db = database.db;
    const [back, lay] = await matchedPair(market);
    const cancelled = await heldThenCancelled(market, 'CANCELLED');
    // A lay against one's own unmatched back at the same price adds no exposure: the batch moves no hold.
    const hedged = exchangeBet(market, await addPlayer(db), 'BACK');
    await writeBatch(db, { bets: [hedged], holds: [hold(hedged, STAKE_MINOR)] });
    const hedge = exchangeBet(market, hedged.player_id, 'LAY');
    await writeBatch(db, { bets: [hedge] });

    // Settled: the close lapses the unmatched part in a batch, then the settlement releases every hold
    // under its own keys, which the check leaves out.
    const settled = await addMarket(db);
    const [settledBack, settledLay] = await matchedPair(settled);
    const lapsed = await heldThenCancelled(settled, 'LAPSED');
    await writeBatch(
      db,
      {
        bets: [settledBack, settledLay].map((bet) => ({ ...bet, status: 'SETTLED' })),
        holds: [hold(settledBack, 0n), hold(settledLay, 0n)],
      },
      `xs:${settled.id}`,
    );

    const player = await addPlayer(db);
    const crash = await crashBet(db, crashRound, player);
    const table = await tableBet(db, tableRound, player);
    const callback = await casinoCallback(db, player, 500n);
    const emptyWin = await casinoCallback(db, player, 0n, { winFor: callback });
    const requests = [
      ...[back, lay, cancelled, hedged, hedge, settledBack, settledLay, lapsed].map((bet) =>
        acknowledged(bet),
      ),
      sent({ product: 'crash', key: crash.clientRef, playerId: player, outcome: '2xx', id: crash.id }),
      sent({ product: 'table', key: table.clientRef, playerId: player, outcome: '2xx', id: table.id }),
      casinoSent(callback, player, 'bet', 500),
      casinoSent(emptyWin, player, 'win', 0),
      sent({ product: 'exchange', key: randomUUID(), playerId: player, marketId: market.id, outcome: '4xx' }),
      sent({ product: 'crash', key: randomUUID(), playerId: player, outcome: '4xx' }),
      sent({ product: 'crash', key: randomUUID(), playerId: player, outcome: '5xx' }),
    ];
    expect(await check(...requests)).toEqual(noFinding);
  });

  it('finds an acknowledged bet that is not in the database', async () => {
    const player = await addPlayer(database.db);
    const findings = await check(
      sent({ product: 'exchange', key: 'lost-bet', playerId: player, marketId: market.id, outcome: '2xx' }),
      sent({ product: 'crash', key: 'lost-crash-bet', playerId: player, outcome: '2xx' }),
    );
    expect(findings).toEqual({
      ...noFinding,
      lost: [
        'exchange lost-bet: acknowledged, not in the database',
        'crash lost-crash-bet: acknowledged, not in the database',
      ],
    });
  });

  it('finds an exchange hold taken twice, and a bet stored twice', async () => {
    const db = database.db;
    const twice = exchangeBet(market, await addPlayer(db), 'BACK');
    await writeBatch(db, { bets: [twice], holds: [hold(twice, 2n * STAKE_MINOR)] });
    const first = await crashBet(db, crashRound, await addPlayer(db));
    await crashBet(db, crashRound, await addPlayer(db), { clientRef: first.clientRef });
    const findings = await check(
      acknowledged(twice),
      sent({ product: 'crash', key: first.clientRef, playerId: 'p', outcome: '2xx' }),
    );
    expect(findings.lost).toEqual([]);
    expect(findings.doubled).toEqual([
      `crash ${first.clientRef}: 2 rows`,
      `crash ${first.clientRef}: 2 stake transfers`,
      `exchange ${twice.client_ref}: player ${twice.player_id} on market ${market.id}: its batches hold 20.00, its bets' exposure is 10.00 (held twice, or for a bet not stored)`,
    ]);
  });

  it('finds an exchange bet stored without its hold', async () => {
    const db = database.db;
    const unheld = exchangeBet(market, await addPlayer(db), 'LAY');
    await writeBatch(db, { bets: [unheld] });
    expect(await check(acknowledged(unheld))).toEqual({
      ...noFinding,
      lost: [
        `exchange ${unheld.client_ref}: player ${unheld.player_id} on market ${market.id}: its batches hold 0.00, its bets' exposure is 10.00 (a stake never held)`,
      ],
    });
  });

  it('finds a crash bet, a table bet and a casino bet whose stake never moved', async () => {
    const db = database.db;
    const player = await addPlayer(db);
    const crash = await crashBet(db, crashRound, player, { staked: false });
    const table = await tableBet(db, tableRound, player, false);
    const callback = await casinoCallback(db, player, 500n, { moved: false });
    const findings = await check(
      sent({ product: 'crash', key: crash.clientRef, playerId: player, outcome: '2xx' }),
      sent({ product: 'table', key: table.clientRef, playerId: player, outcome: '2xx' }),
      casinoSent(callback, player, 'bet', 500),
    );
    expect(findings).toEqual({
      ...noFinding,
      lost: [
        `crash ${crash.clientRef}: its stake was not moved`,
        `table ${table.clientRef}: its stake was not moved`,
        `casino ${callback}: its stake was not moved`,
      ],
    });
  });

  it('finds refusals that were stored or moved money', async () => {
    const db = database.db;
    const player = await addPlayer(db);
    const crash = await crashBet(db, crashRound, player);
    const callback = await casinoCallback(db, player, 500n);
    // A refused exchange bet whose batch took its hold all the same.
    const refused = exchangeBet(market, await addPlayer(db), 'BACK');
    await writeBatch(db, { holds: [hold(refused, STAKE_MINOR)] });
    const findings = await check(
      sent({
        product: 'crash',
        key: crash.clientRef,
        playerId: player,
        outcome: '4xx',
        detail: '409 ROUND_CLOSED',
      }),
      sent({
        product: 'casino',
        key: callback,
        playerId: player,
        outcome: '4xx',
        detail: 'RS_ERROR_DUPLICATE',
      }),
      acknowledged(refused, '4xx'),
    );
    expect(findings.lost).toEqual([]);
    expect(findings.doubled).toEqual([]);
    expect(findings.refusalsThatMoved).toEqual([
      `crash ${crash.clientRef} (409 ROUND_CLOSED)`,
      `casino ${callback} (RS_ERROR_DUPLICATE)`,
      `exchange ${refused.client_ref}: player ${refused.player_id} on market ${market.id}: its batches hold 10.00, its bets' exposure is 0.00 (held twice, or for a bet not stored)`,
    ]);
  });
});
