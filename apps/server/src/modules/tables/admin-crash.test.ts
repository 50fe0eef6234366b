import { adminRoundVoidResponseSchema, adminTablesResponseSchema } from '@backlay/contracts';
import { sha256Hex } from '@backlay/fair';
import { elapsedToReach } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashDriver } from './crash-testing.ts';
import { startTablesApp, type TablesTestApp } from './testing.ts';

/** The crash game in the console's live games (docs/decisions/0244): its pause and a trader's void. */
let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp();
});
afterAll(() => t.close());
const crash = crashDriver(() => t);

const admin = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: t.admin, ...(payload === undefined ? {} : { payload }) });

async function crashEntry() {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/tables', headers: t.admin });
  return adminTablesResponseSchema.parse(response.json()).items.find((item) => item.id === 'crash')!;
}

describe('the crash game in the console', () => {
  it('voids a round in flight: cash-outs made stand, every bet still riding is refunded once', async () => {
    const player = await t.newPlayer('100');
    const round = await crash.roundCrashingAbove(150, player.headers);
    const placed = await crash.placeBet(player.headers, { roundId: round.id, stake: 40, clientRef: 'v-1' });
    await crash.placeBet(player.headers, { roundId: round.id, stake: 40, clientRef: 'v-2' });
    expect(await t.cashOf(player.id)).toBe(2_000n);
    expect((await crashEntry()).currentRound).toMatchObject({ id: round.id, bets: 2, stake: '80.00' });

    t.clock.nowMs = Date.parse(round.closesAt) + elapsedToReach(125);
    await crash.advance();
    const cashed = await crash.cashOut(player.headers, placed.json().bet.id);
    expect(cashed.json()).toMatchObject({ multiplier: 1.25 });
    expect(await t.cashOf(player.id)).toBe(7_000n);

    const url = `/api/admin/tables/crash/rounds/${round.id}/void`;
    const voided = await admin(url, { reason: 'stream froze' });
    expect(voided.statusCode).toBe(200);
    const answer = adminRoundVoidResponseSchema.parse(voided.json()).round;
    expect(answer).toMatchObject({ id: round.id, status: 'VOID', bets: 2, stake: '80.00', payout: '90.00' });
    expect(sha256Hex(answer.fairness.serverSeed!)).toBe(answer.fairness.serverSeedHash);
    // 50.00 cashed out, 40.00 refunded.
    expect(await t.cashOf(player.id)).toBe(11_000n);

    const again = await admin(url, { reason: 'stream froze' });
    expect(again.statusCode).toBe(409);
    expect(await t.cashOf(player.id)).toBe(11_000n);
    const [counts] = await t.deps.db.query<{ wins: bigint; refunds: bigint }>(
      `SELECT count(*) FILTER (WHERE idempotency_key LIKE 'crash-win:%') AS wins,
              count(*) FILTER (WHERE idempotency_key LIKE 'crash-refund:%') AS refunds
         FROM transfers WHERE reference = $1`,
      [`table:crash:${round.id}`],
    );
    expect(counts).toEqual({ wins: 1n, refunds: 1n });
    const state = await crash.state(player.headers);
    expect(state.round).toMatchObject({ id: round.id, status: 'VOID' });

    t.clock.advanceBy(600_000);
    await crash.advance();
    expect((await crash.state(player.headers)).round!.id).toBeGreaterThan(round.id);
  });

  it('pauses: the round in play crashes as usual, bets are refused and no round opens until resumed', async () => {
    const player = await t.newPlayer('100');
    const round = await crash.roundCrashingAbove(100, player.headers);
    const paused = await admin('/api/admin/tables/crash/pause', { reason: 'maintenance' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: 'crash', state: 'paused', currentRound: { id: round.id } });

    const refused = await crash.placeBet(player.headers, { roundId: round.id, stake: 40, clientRef: 'p-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TABLE_PAUSED' });
    expect(await t.cashOf(player.id)).toBe(10_000n);

    for (let wake = 0; wake < 4; wake++) {
      t.clock.advanceBy(600_000);
      await crash.advance();
    }
    const entry = await crashEntry();
    expect(entry).toMatchObject({ state: 'paused', currentRound: null });
    expect(entry.recentRounds[0]).toMatchObject({ id: round.id, status: 'SETTLED' });

    expect((await admin('/api/admin/tables/crash/resume')).statusCode).toBe(200);
    await crash.advance();
    const resumed = await crashEntry();
    expect(resumed.currentRound).toMatchObject({ status: 'BETTING' });
    expect(resumed.currentRound!.id).toBeGreaterThan(round.id);
  });
});
