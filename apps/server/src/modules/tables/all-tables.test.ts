import {
  casinoResultDetailSchema,
  casinoResultsResponseSchema,
  tableStateSchema,
  type TableState,
} from '@backlay/contracts';
import { crashPoint, sha256Hex } from '@backlay/fair';
import { formatMinor } from '@backlay/ledger';
import { betReturnMinor, dealRound, marketLimits, TABLE_GAMES, tableGame } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_UNIT_ID } from './deps.ts';
import { startTablesApp, type TablesTestApp } from './testing.ts';

let t: TablesTestApp;
let player: { id: string; headers: Record<string, string> };
beforeAll(async () => {
  t = await startTablesApp();
  player = await t.newPlayer('1000000');
});
afterAll(() => t.close());

async function state(tableId: string): Promise<TableState> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/tables/${tableId}`,
    headers: player.headers,
  });
  return tableStateSchema.parse(response.json());
}

/** Moves the clock to the end of each phase and runs it, until the round is settled. */
async function playToSettled(tableId: string, seen: (state: TableState) => void = () => {}) {
  for (let step = 0; step < 6; step++) {
    const current = await state(tableId);
    seen(current);
    if (current.round!.status === 'SETTLED') return current;
    t.clock.nowMs = Math.max(t.clock.nowMs, Date.parse(current.round!.phaseEndsAt));
    await t.advance(tableId);
  }
  throw new Error(`${tableId} did not settle`);
}

describe('every table', () => {
  it('takes the minimum stake on every market and settles it as the package computes from the seeds', async () => {
    for (const game of TABLE_GAMES) {
      await t.advance(game.id);
      const open = await state(game.id);
      expect(open.round!.status).toBe('BETTING');
      const before = await t.cashOf(player.id);
      for (const market of open.markets) {
        const payload = {
          roundId: open.round!.id,
          marketId: market.id,
          stake: market.minStake,
          clientRef: `${game.id}-${market.id}`,
        };
        const placed = await t.app.inject({
          method: 'POST',
          url: `/api/tables/${game.id}/bets`,
          headers: player.headers,
          payload,
        });
        expect([game.id, market.id, placed.statusCode]).toEqual([game.id, market.id, 201]);
      }
      const settled = await playToSettled(game.id);
      const detail = casinoResultDetailSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/casino-results/${open.round!.id}`,
            headers: player.headers,
          })
        ).json(),
      );
      const outcome = dealRound(game, {
        serverSeed: detail.serverSeed!,
        clientSeed: detail.clientSeed,
        nonce: detail.nonce,
      });
      let expected = before;
      for (const market of game.markets) {
        const stakeMinor = marketLimits(game, market).minStakeMinor;
        expected += betReturnMinor(stakeMinor, market.id, market.oddsHundredths, outcome) - stakeMinor;
      }
      expect([game.id, formatMinor(await t.cashOf(player.id))]).toEqual([game.id, formatMinor(expected)]);
      expect(settled.round!.result!.winner).toBe(outcome.winner);
      expect(detail.cards).toEqual(
        outcome.hands.map((hand) => ({ hand: hand.name, cards: [...hand.cards] })),
      );
    }
  });

  it('suspends the ball-by-ball markets while the ball is bowled', async () => {
    t.clock.advanceBy(60_000);
    await t.advance('ball-by-ball');
    const statuses: [string, string][] = [];
    await playToSettled('ball-by-ball', (current) => {
      statuses.push([current.round!.status, current.markets[0]!.status]);
      expect(current.markets.every((market) => market.status === current.markets[0]!.status)).toBe(true);
    });
    expect(statuses).toEqual([
      ['BETTING', 'OPEN'],
      ['CLOSED', 'SUSPENDED'],
      ['DEALING', 'SUSPENDED'],
      ['RESULT', 'SUSPENDED'],
      ['SETTLED', 'SUSPENDED'],
    ]);
    const market = (await state('ball-by-ball')).markets.find((m) => m.id === 'runs-6')!;
    expect(market).toMatchObject({ name: '6 Runs', minStake: '50.00', maxStake: '20000.00' });
  });

  it('lists results by table and day, newest first, and every stored round recomputes from its seeds', async () => {
    for (let step = 0; step < 5; step++) {
      t.clock.advanceBy(600_000);
      await t.deps.units.send(CRASH_UNIT_ID, { type: 'advance' });
      await t.deps.units.send(CRASH_UNIT_ID, { type: 'advance' });
    }
    const list = async (query: string) =>
      casinoResultsResponseSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/casino-results?${query}`, headers: player.headers })
        ).json(),
      );
    const all = await list('pageSize=50');
    expect(all.total).toBeGreaterThanOrEqual(TABLE_GAMES.length + 1);
    expect(all.items.map((item) => item.roundId)).toEqual(
      [...all.items.map((item) => item.roundId)].sort((a, b) => b - a),
    );
    const dragon = await list('table=dragon-tiger');
    expect(
      dragon.items.every((item) => item.table === 'dragon-tiger' && item.tableName === 'Dragon Tiger'),
    ).toBe(true);
    const crash = await list('table=crash');
    expect(crash.items[0]).toMatchObject({
      table: 'crash',
      tableName: 'Crash',
      winner: expect.stringMatching(/^\d+\.\d\dx$/),
    });
    const today = new Date(t.clock.nowMs).toISOString().slice(0, 10);
    expect((await list(`date=${today}&pageSize=50`)).total).toBeGreaterThan(0);
    expect((await list('date=2001-01-01')).total).toBe(0);
    for (const date of ['2024-02-30', '9999-12-31', '1999-12-31']) {
      const url = `/api/casino-results?date=${date}`;
      const bad = await t.app.inject({ method: 'GET', url, headers: player.headers });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_DATE']);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/casino-results/999999',
      headers: player.headers,
    });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'UNKNOWN_RESULT']);

    const rows = await t.deps.db.query<{
      id: bigint;
      table_id: string;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: bigint;
      outcome: unknown;
      crash_hundredths: number | null;
    }>(
      `SELECT r.*, c.crash_hundredths FROM table_rounds r LEFT JOIN crash_rounds c ON c.round_id = r.id
        WHERE r.status = 'SETTLED' ORDER BY r.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(TABLE_GAMES.length + 3); // and two crash rounds
    for (const row of rows) {
      expect(sha256Hex(row.server_seed)).toBe(row.server_seed_hash);
      if (row.table_id === 'crash') {
        expect(crashPoint(row.server_seed, row.client_seed)).toEqual({
          ok: true,
          value: row.crash_hundredths,
        });
        continue;
      }
      const seeds = { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) };
      expect(row.outcome).toEqual(JSON.parse(JSON.stringify(dealRound(tableGame(row.table_id)!, seeds))));
    }
  });
});
