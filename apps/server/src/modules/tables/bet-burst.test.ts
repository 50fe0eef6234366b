import { tableStateSchema } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTablesApp, type TablesTestApp } from './testing.ts';

let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp();
});
afterAll(() => t.close());

async function openRound(tableId: string, headers: Record<string, string>): Promise<number> {
  await t.advance(tableId);
  const response = await t.app.inject({ method: 'GET', url: `/api/tables/${tableId}`, headers });
  return tableStateSchema.parse(response.json()).round!.id;
}

const bet = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/tables/lucky-7/bets', headers, payload });

describe('bets arriving together (one group commit)', () => {
  it('spend a balance exactly once: the bets it covers stand, the rest are refused', async () => {
    const player = await t.newPlayer('100');
    const roundId = await openRound('lucky-7', player.headers);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bet(player.headers, { roundId, marketId: 'red', stake: 30, clientRef: `b-${i}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    expect(
      answers.filter((a) => a.statusCode === 422).every((a) => a.json().code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(await t.cashOf(player.id)).toBe(1_000n);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tables/lucky-7/bets?roundId=${roundId}`,
      headers: player.headers,
    });
    expect(mine.json().bets).toHaveLength(3);
  });

  it('the same clientRef sent twice at once places one bet, and a different body conflicts', async () => {
    const player = await t.newPlayer('100');
    const roundId = await openRound('lucky-7', player.headers);
    const body = { roundId, marketId: 'black', stake: 25, clientRef: 'twice' };
    const pair = await Promise.all([bet(player.headers, body), bet(player.headers, body)]);
    expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(pair[1]!.json()).toEqual(pair[0]!.json());
    const other = await bet(player.headers, { ...body, stake: 26 });
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await t.cashOf(player.id)).toBe(7_500n);
  });
});
