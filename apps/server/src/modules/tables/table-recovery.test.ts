import { tableBetsResponseSchema, tableStateSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { onOneDatabase, TestClock, type TablesTestApp } from './testing.ts';

const DT = 'dragon-tiger';
const clock = new TestClock();
/** Fresh processes on one database: nothing of the last one's memory survives. */
const shared = onOneDatabase(clock);
const { restart } = shared;

async function roundOf(t: TablesTestApp, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: `/api/tables/${DT}`, headers });
  return tableStateSchema.parse(response.json()).round!;
}

async function betsOf(t: TablesTestApp, headers: Record<string, string>, roundId: number) {
  const url = `/api/tables/${DT}/bets?roundId=${roundId}`;
  return tableBetsResponseSchema.parse((await t.app.inject({ method: 'GET', url, headers })).json()).bets;
}

async function transfersFor(roundId: number): Promise<{ kind: string; n: bigint }[]> {
  return shared.db.query(
    `SELECT kind, count(*) AS n FROM transfers WHERE reference = $1 GROUP BY kind ORDER BY kind`,
    [`table:${DT}:${roundId}`],
  );
}

describe('a restart in the middle of a round', () => {
  it('settles a round whose cards were out exactly once, however often it restarts', async () => {
    let t = await restart(null);
    const player = await t.newPlayer('1000');
    await t.advance(DT);
    const round = await roundOf(t, player.headers);
    for (const marketId of ['dragon', 'tiger']) {
      const payload = { roundId: round.id, marketId, stake: 100, clientRef: `r1-${marketId}` };
      const placed = await t.app.inject({
        method: 'POST',
        url: `/api/tables/${DT}/bets`,
        headers: player.headers,
        payload,
      });
      expect(placed.statusCode).toBe(201);
    }
    clock.advanceBy(15_000);
    await t.advance(DT);
    clock.advanceBy(1_000);
    await t.advance(DT);
    expect((await roundOf(t, player.headers)).status).toBe('DEALING');

    t = await restart(t);
    await t.advance(DT);
    const settled = await roundOf(t, player.headers);
    expect(settled).toMatchObject({ id: round.id, status: 'SETTLED' });
    const cash = await t.cashOf(player.id);
    const bets = await betsOf(t, player.headers, round.id);
    expect(bets.every((bet) => bet.status !== 'OPEN')).toBe(true);
    // Dragon and Tiger: one of them wins 200.00 or a tie returns half of each.
    expect(cash).toBe(settled.result!.winner.endsWith('Tie') ? 90_000n : 100_000n);

    t = await restart(t);
    await t.advance(DT);
    expect(await t.cashOf(player.id)).toBe(cash);
    const transfers = await transfersFor(round.id);
    expect(transfers.find((row) => row.kind === 'CASINO_BET')?.n).toBe(2n);
    expect(Number(transfers.find((row) => row.kind === 'CASINO_WIN')?.n)).toBe(
      settled.result!.winner.endsWith('Tie') ? 2 : 1,
    );
    await t.close();
  });

  it('voids a round that had closed but was not dealt, refunding every bet exactly once', async () => {
    let t = await restart(null);
    const player = await t.newPlayer('300');
    clock.advanceBy(10_000);
    await t.advance(DT);
    const round = await roundOf(t, player.headers);
    expect(round.status).toBe('BETTING');
    const payload = { roundId: round.id, marketId: 'tie', stake: '250', clientRef: 'void-1' };
    await t.app.inject({ method: 'POST', url: `/api/tables/${DT}/bets`, headers: player.headers, payload });
    expect(await t.cashOf(player.id)).toBe(5_000n);

    clock.advanceBy(15_000);
    t = await restart(t);
    await t.advance(DT);
    const voided = await roundOf(t, player.headers);
    expect(voided).toMatchObject({ id: round.id, status: 'VOID', cards: [], result: null });
    expect(await t.cashOf(player.id)).toBe(30_000n);
    expect((await betsOf(t, player.headers, round.id))[0]).toMatchObject({
      status: 'VOID',
      payout: '250.00',
    });

    t = await restart(t);
    clock.advanceBy(5_000);
    await t.advance(DT);
    expect(await t.cashOf(player.id)).toBe(30_000n);
    const next = await roundOf(t, player.headers);
    expect(next.id).toBeGreaterThan(round.id);
    expect(next.status).toBe('BETTING');
    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/reports/statement?type=casino',
      headers: player.headers,
    });
    const remarks = statement.json<{ items: { remark: string }[] }>().items.map((row) => row.remark);
    expect(remarks).toEqual([
      `Dragon Tiger · round ${round.id} · Tie refunded (round void)`,
      `Dragon Tiger · round ${round.id} · Tie`,
    ]);
    await t.close();
  });

  it('goes on with a round that is still taking bets', async () => {
    let t = await restart(null);
    const player = await t.newPlayer('100');
    await t.advance(DT);
    const round = await roundOf(t, player.headers);
    t = await restart(t);
    clock.advanceBy(1_000);
    const payload = { roundId: round.id, marketId: 'dragon', stake: 10, clientRef: 'resume-1' };
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/tables/${DT}/bets`,
      headers: player.headers,
      payload,
    });
    expect(placed.statusCode).toBe(201);
    expect(await roundOf(t, player.headers)).toMatchObject({ id: round.id, status: 'BETTING' });
    await t.close();
  });
});
