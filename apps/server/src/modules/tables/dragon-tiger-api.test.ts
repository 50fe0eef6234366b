import {
  tableBetResponseSchema,
  tableBetsResponseSchema,
  tablesResponseSchema,
  tableStateSchema,
  type TableState,
} from '@backlay/contracts';
import { sha256Hex } from '@backlay/fair';
import { betReturnMinor, dealRound, tableGame } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTablesApp, type TablesTestApp } from './testing.ts';

let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp();
});
afterAll(() => t.close());

const DT = 'dragon-tiger';
const game = tableGame(DT)!;

async function state(headers: Record<string, string>): Promise<TableState> {
  const response = await t.app.inject({ method: 'GET', url: `/api/tables/${DT}`, headers });
  expect(response.statusCode).toBe(200);
  return tableStateSchema.parse(response.json());
}

const bet = (headers: Record<string, string>, payload: Record<string, unknown>, table = DT) =>
  t.app.inject({ method: 'POST', url: `/api/tables/${table}/bets`, headers, payload });

describe('Dragon Tiger end to end', () => {
  it('lists every table in the lobby with its limits', async () => {
    const { headers } = await t.newPlayer();
    const response = await t.app.inject({ method: 'GET', url: '/api/tables', headers });
    const { tables } = tablesResponseSchema.parse(response.json());
    expect(tables.find((table) => table.id === DT)).toEqual({
      id: DT,
      name: 'Dragon Tiger',
      category: 'DragonTiger',
      minStake: '10.00',
      maxStake: '50000.00',
      paused: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/tables' })).statusCode).toBe(401);
  });

  it('opens a round with its seed committed, takes bets, settles them once and reveals the seed', async () => {
    const alice = await t.newPlayer('1000');
    expect((await state(alice.headers)).round).toBeNull();
    await t.advance(DT);
    const open = await state(alice.headers);
    const round = open.round!;
    expect(round).toMatchObject({ status: 'BETTING', cards: [], result: null, nonce: 0 });
    expect(round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(round.closesAt) - Date.parse(open.serverTime)).toBe(15_000);
    expect(open.markets.map((m) => [m.id, m.odds, m.status])).toEqual([
      ['dragon', 2, 'OPEN'],
      ['tiger', 2, 'OPEN'],
      ['tie', 12, 'OPEN'],
      ['suited-tie', 51, 'OPEN'],
    ]);

    const stakes = { dragon: '100', tiger: '200.50', tie: '10', 'suited-tie': '10' } as const;
    for (const [marketId, stake] of Object.entries(stakes)) {
      const placed = await bet(alice.headers, {
        roundId: round.id,
        marketId,
        stake,
        clientRef: `a-${marketId}`,
      });
      expect(placed.statusCode).toBe(201);
      expect(tableBetResponseSchema.parse(placed.json()).bet).toMatchObject({ marketId, status: 'OPEN' });
    }
    expect(await t.cashOf(alice.id)).toBe(100_000n - 32_050n);

    t.clock.advanceBy(15_000);
    await t.advance(DT);
    expect((await state(alice.headers)).round).toMatchObject({ status: 'CLOSED', cards: [] });
    expect((await state(alice.headers)).markets.every((m) => m.status === 'SUSPENDED')).toBe(true);
    t.clock.advanceBy(1_000);
    await t.advance(DT);
    const dealing = (await state(alice.headers)).round!;
    expect(dealing.status).toBe('DEALING');
    expect(dealing.cards.map((hand) => hand.hand)).toEqual(['Dragon', 'Tiger']);
    expect(dealing.result).toBeNull();
    t.clock.advanceBy(2_000);
    await t.advance(DT);
    const result = (await state(alice.headers)).round!;
    expect(result.status).toBe('RESULT');
    t.clock.advanceBy(2_000);
    await t.advance(DT);
    const settled = await state(alice.headers);
    expect(settled.round!.status).toBe('SETTLED');
    expect(settled.lastResults[0]).toEqual({ roundId: round.id, winner: settled.round!.result!.winner });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/casino-results/${round.id}`,
      headers: alice.headers,
    });
    const seeds = detail.json<{ serverSeed: string; clientSeed: string; nonce: number }>();
    expect(sha256Hex(seeds.serverSeed)).toBe(round.serverSeedHash);
    const outcome = dealRound(game, seeds);
    expect(settled.round!.cards).toEqual(outcome.hands.map((h) => ({ hand: h.name, cards: h.cards })));

    let expected = 100_000n - 32_050n;
    for (const [marketId, stake] of Object.entries(stakes)) {
      const odds = game.markets.find((m) => m.id === marketId)!.oddsHundredths;
      expected += betReturnMinor(BigInt(Math.round(Number(stake) * 100)), marketId, odds, outcome);
    }
    expect(await t.cashOf(alice.id)).toBe(expected);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tables/${DT}/bets?roundId=${round.id}`,
      headers: alice.headers,
    });
    const { bets } = tableBetsResponseSchema.parse(mine.json());
    expect(bets).toHaveLength(4);
    expect(bets.every((b) => b.status !== 'OPEN' && b.payout !== null && b.settledAt !== null)).toBe(true);

    // Running the loop again changes nothing until the pause is over, then a new round opens.
    await t.advance(DT);
    expect(await t.cashOf(alice.id)).toBe(expected);
    t.clock.advanceBy(3_000);
    await t.advance(DT);
    const next = (await state(alice.headers)).round!;
    expect(next).toMatchObject({ id: expect.any(Number), status: 'BETTING', nonce: 1 });
    expect(next.id).toBeGreaterThan(round.id);
    expect(next.serverSeedHash).not.toBe(round.serverSeedHash);
  });

  it('answers the same clientRef with the same bet and a different body with 409, moving money once', async () => {
    const bob = await t.newPlayer('500');
    const round = (await state(bob.headers)).round!;
    const body = { roundId: round.id, marketId: 'tiger', stake: 50, clientRef: 'bob-1' };
    const first = await bet(bob.headers, body);
    const again = await bet(bob.headers, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await bet(bob.headers, { ...body, stake: 60 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await t.cashOf(bob.id)).toBe(45_000n);
  });

  it('refuses bad bets with a clear 4xx and leaves the balance alone', async () => {
    const carol = await t.newPlayer('100');
    const round = (await state(carol.headers)).round!;
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ marketId: 'phoenix', stake: 10 }, 404, 'UNKNOWN_MARKET'],
      [{ marketId: 'dragon', stake: '9.99' }, 422, 'STAKE_TOO_SMALL'],
      [{ marketId: 'dragon', stake: '50000.01' }, 422, 'STAKE_TOO_LARGE'],
      [{ marketId: 'suited-tie', stake: '2000.01' }, 422, 'STAKE_TOO_LARGE'],
      [{ marketId: 'dragon', stake: '100.01' }, 422, 'INSUFFICIENT_FUNDS'],
      [{ marketId: 'dragon', stake: '1.234' }, 400, 'TOO_MANY_DECIMALS'],
      [{ marketId: 'dragon', stake: -5 }, 400, 'NOT_POSITIVE'],
      [{ marketId: 'dragon', stake: 10, roundId: round.id + 1_000 }, 404, 'UNKNOWN_ROUND'],
      [{ marketId: 'dragon', stake: 10, roundId: 1 }, 409, 'BETTING_CLOSED'],
      [{ marketId: 'dragon', stake: 10 }, 404, 'UNKNOWN_TABLE', 'no-such-table'],
    ];
    for (const [index, [fields, status, code, table]] of cases.entries()) {
      const response = await bet(
        carol.headers,
        { roundId: round.id, clientRef: `c-${index}`, ...fields },
        table,
      );
      expect([response.statusCode, response.json().code]).toEqual([status, code]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const malformed = await bet(carol.headers, {
      roundId: 'x',
      marketId: 'dragon',
      stake: 10,
      clientRef: 'c',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await t.cashOf(carol.id)).toBe(10_000n);

    t.clock.advanceBy(15_000);
    const late = await bet(carol.headers, {
      roundId: round.id,
      marketId: 'dragon',
      stake: 10,
      clientRef: 'c-late',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'BETTING_CLOSED']);
    expect(await t.cashOf(carol.id)).toBe(10_000n);
  });
});
