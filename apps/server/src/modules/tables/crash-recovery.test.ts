import { crashStateSchema } from '@backlay/contracts';
import { sha256Hex } from '@backlay/fair';
import { elapsedToReach } from '@backlay/tables';
import { describe, expect, it, vi } from 'vitest';
import { CRASH_UNIT_ID } from './deps.ts';
import { onOneDatabase, TestClock, type TablesTestApp } from './testing.ts';

let counter = 0;
const seededHex = (bytes: number) => sha256Hex(`crash-recovery-${counter++}`).slice(0, bytes * 2);
const clock = new TestClock();
const shared = onOneDatabase(clock, seededHex);
const { restart } = shared;

const advance = async (t: TablesTestApp) => {
  const result = await t.deps.units.send(CRASH_UNIT_ID, { type: 'advance' });
  if (!result.ok) throw new Error(result.code);
};

async function crashOf(roundId: number): Promise<number> {
  const [row] = await shared.db.query<{ crash_hundredths: number }>(
    'SELECT crash_hundredths FROM crash_rounds WHERE round_id = $1',
    [roundId],
  );
  return row!.crash_hundredths;
}

describe('a restart of the crash game', () => {
  it('voids a round in flight: cash-outs already acknowledged are paid, the rest refunded, once', async () => {
    let t = await restart(null);
    const player = await t.newPlayer('100');
    const automatic = await t.newPlayer('100');
    let round;
    for (;;) {
      clock.advanceBy(600_000);
      await advance(t);
      const state = crashStateSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/crash', headers: player.headers })).json(),
      );
      round = state.round!;
      if (round.status === 'BETTING' && (await crashOf(round.id)) >= 150) break;
    }
    const bet = (clientRef: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/crash/bets',
        headers: player.headers,
        payload: { roundId: round.id, stake: 40, clientRef },
      });
    const first = (await bet('fly-1')).json().bet.id as string;
    await bet('fly-2');
    expect(await t.cashOf(player.id)).toBe(2_000n);
    await t.app.inject({
      method: 'POST',
      url: '/api/crash/bets',
      headers: automatic.headers,
      payload: { roundId: round.id, stake: 40, autoCashOut: 1.1, clientRef: 'auto-1' },
    });
    clock.nowMs = Date.parse(round.closesAt) + elapsedToReach(125);
    await advance(t);
    const cashed = await t.app.inject({
      method: 'POST',
      url: '/api/crash/cash-out',
      headers: player.headers,
      payload: { betId: first },
    });
    expect(cashed.json()).toMatchObject({ multiplier: 1.25 });
    // Credited with its acknowledgement (0230): 50.00 on top of the 20.00 left.
    expect(await t.cashOf(player.id)).toBe(7_000n);
    // The auto target 1.10x, passed before take-off was run, is credited on the unit's next wake.
    await advance(t);
    await vi.waitFor(async () => expect(await t.cashOf(automatic.id)).toBe(10_400n));

    t = await restart(t);
    await advance(t);
    const after = crashStateSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/crash', headers: player.headers })).json(),
    );
    const voided = await t.app.inject({
      method: 'GET',
      url: `/api/casino-results/${round.id}`,
      headers: player.headers,
    });
    expect(voided.json()).toMatchObject({
      status: 'VOID',
      serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(after.round!.id).toBeGreaterThanOrEqual(round.id);
    // The void refunds 40.00 and pays the cash-out no second time.
    expect(await t.cashOf(player.id)).toBe(11_000n);
    expect(await t.cashOf(automatic.id)).toBe(10_400n);

    t = await restart(t);
    await advance(t);
    expect(await t.cashOf(player.id)).toBe(11_000n);
    expect(await t.cashOf(automatic.id)).toBe(10_400n);
    const [counts] = await shared.db.query<{ wins: bigint; refunds: bigint }>(
      `SELECT count(*) FILTER (WHERE idempotency_key LIKE 'crash-win:%') AS wins,
              count(*) FILTER (WHERE idempotency_key LIKE 'crash-refund:%') AS refunds
         FROM transfers WHERE reference = $1`,
      [`table:crash:${round.id}`],
    );
    expect(counts).toEqual({ wins: 2n, refunds: 1n });
    await t.close();
  });
});
