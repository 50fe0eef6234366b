import {
  crashBetResponseSchema,
  crashStreamSchema,
  tablesResponseSchema,
  type CrashStream,
} from '@backlay/contracts';
import { elapsedToReach } from '@backlay/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketSession } from '../../platform/sockets/index.ts';
import { crashDriver } from './crash-testing.ts';
import { CRASH_UNIT_ID } from './deps.ts';
import { startTablesApp, type TablesTestApp } from './testing.ts';

/** A paused crash game says so to players: its state, the lobby and its stream (docs/decisions/0254). */
let t: TablesTestApp;
beforeAll(async () => {
  t = await startTablesApp();
});
afterAll(() => t.close());
const crash = crashDriver(() => t);

const staff = (action: 'pause' | 'resume') =>
  t.app.inject({ method: 'POST', url: `/api/admin/tables/crash/${action}`, headers: t.admin });

type Heard = { seq: number; data: CrashStream };
function listen(): Heard[] {
  const heard: Heard[] = [];
  t.deps.bus.subscribe(t.deps.streams.topicOf('crash', undefined), (message) => {
    const update = JSON.parse(message) as { seq: number; data: unknown };
    heard.push({ seq: update.seq, data: crashStreamSchema.parse(update.data) });
  });
  return heard;
}

/** What a player sees now: `GET /api/crash`, the stream's snapshot and the lobby's crash entry. */
async function seen(headers: Record<string, string>) {
  const snapshot = await t.deps.streams.get('crash')!.snapshot(undefined, {} as SocketSession);
  const lobby = await t.app.inject({ method: 'GET', url: '/api/tables', headers });
  return {
    state: (await crash.state(headers)).paused,
    snapshot: crashStreamSchema.parse(snapshot!.data).paused,
    snapshotSeq: snapshot!.seq,
    lobby: tablesResponseSchema.parse(lobby.json()).crash?.paused,
  };
}

describe('a paused crash game in public', () => {
  it('says so at once on pause and resume; bets are refused, cash-outs of the round in play are paid', async () => {
    const player = await t.newPlayer('100');
    const round = await crash.roundCrashingAbove(200, player.headers);
    const bet = crashBetResponseSchema.parse(
      (await crash.placeBet(player.headers, { roundId: round.id, stake: 40, clientRef: 'p-1' })).json(),
    ).bet;
    expect(await seen(player.headers)).toMatchObject({ state: false, snapshot: false, lobby: false });
    const seqBefore = (await seen(player.headers)).snapshotSeq;
    const heard = listen();

    expect((await staff('pause')).statusCode).toBe(200);
    // Published by the pause itself, with a newer seq than the round's last state, so it is not dropped.
    expect(heard.map((update) => update.data.paused)).toEqual([true]);
    expect(heard[0]!.seq).toBeGreaterThan(seqBefore);
    expect(heard[0]!.data.round).toMatchObject({ id: round.id, status: 'BETTING' });
    expect(heard[0]!.data.stats).toEqual({ bets: 1, totalStake: '40.00' });
    const paused = await seen(player.headers);
    expect(paused).toMatchObject({ state: true, snapshot: true, lobby: true, snapshotSeq: heard[0]!.seq });

    const refused = await crash.placeBet(player.headers, { roundId: round.id, stake: 10, clientRef: 'p-2' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'TABLE_PAUSED']);
    expect(await t.cashOf(player.id)).toBe(6_000n);

    // The round in play flies on under the touched version: its cash-out is written and paid.
    t.clock.nowMs = Date.parse(round.closesAt) + elapsedToReach(150);
    await crash.advance();
    const cashed = await crash.cashOut(player.headers, bet.id);
    expect(cashed.statusCode).toBe(200);
    expect(cashed.json()).toMatchObject({ multiplier: 1.5 });
    expect(await t.cashOf(player.id)).toBe(12_000n);
    expect(heard.at(-1)!.data).toMatchObject({ paused: true, round: { status: 'RUNNING' } });
    expect(heard.at(-1)!.data.recentCashOuts).toHaveLength(1);

    const beforeResume = heard.length;
    expect((await staff('resume')).statusCode).toBe(200);
    expect(heard.slice(beforeResume).map((update) => update.data.paused)).toEqual([false]);
    expect(heard.at(-1)!.seq).toBeGreaterThan(heard[beforeResume - 1]!.seq);
    expect(await seen(player.headers)).toMatchObject({ state: false, snapshot: false, lobby: false });

    // Pausing a paused game or resuming a running one writes and publishes nothing.
    const quiet = heard.length;
    expect((await staff('resume')).statusCode).toBe(200);
    expect(heard).toHaveLength(quiet);
  });

  it('lets bets already handed to the game land before the pause moves the round on', async () => {
    const player = await t.newPlayer('100');
    const round = await crash.roundCrashingAbove(100, player.headers);
    const actor = { id: null, email: 'trader@test.local', role: 'trading', address: '127.0.0.1' };
    // Queued in this order on the game: the bet's batch is still being written when the pause runs.
    const [placed, paused] = await Promise.all([
      t.deps.units.send(CRASH_UNIT_ID, {
        type: 'bet',
        playerId: player.id,
        roundId: round.id,
        stakeMinor: '2500',
        autoHundredths: null,
        clientRef: 'r-1',
      }),
      t.deps.units.send(CRASH_UNIT_ID, { type: 'pause', actor, reason: null }),
    ]);
    expect(paused).toEqual({ ok: true, value: { paused: true, changed: true } });
    // Written at the version it was taken under, never refused as a stale batch.
    expect(placed).toMatchObject({ ok: true, value: { replayed: false, bet: { stake: '25.00' } } });
    expect(await t.cashOf(player.id)).toBe(7_500n);
    expect(await crash.state(player.headers)).toMatchObject({ paused: true, stats: { bets: 1 } });
    expect((await staff('resume')).statusCode).toBe(200);
  });

  it('pays a cash-out already handed to the game before the pause moves the round on', async () => {
    const player = await t.newPlayer('100');
    const round = await crash.roundCrashingAbove(200, player.headers);
    const bet = (
      await crash.placeBet(player.headers, { roundId: round.id, stake: 40, clientRef: 'c-1' })
    ).json<{ bet: { id: string } }>().bet;
    t.clock.nowMs = Date.parse(round.closesAt) + elapsedToReach(120);
    await crash.advance();
    const actor = { id: null, email: 'trader@test.local', role: 'trading', address: '127.0.0.1' };
    const [cashed, paused] = await Promise.all([
      t.deps.units.send(CRASH_UNIT_ID, { type: 'cash-out', playerId: player.id, betId: bet.id }),
      t.deps.units.send(CRASH_UNIT_ID, { type: 'pause', actor, reason: null }),
    ]);
    expect(paused).toEqual({ ok: true, value: { paused: true, changed: true } });
    expect(cashed).toMatchObject({ ok: true, value: { multiplier: 1.2 } });
    expect(await t.cashOf(player.id)).toBe(6_000n + 4_800n);
    expect((await staff('resume')).statusCode).toBe(200);
  });
});
