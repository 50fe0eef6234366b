import { tableStateSchema, tableStreamSchema, type TableState, type TableStream } from '@backlay/contracts';
import { describe, expect, it, vi } from 'vitest';
import { onOneDatabase, TestClock, type TablesTestApp } from './testing.ts';

const BBB = 'ball-by-ball';
const clock = new TestClock();
/** Fresh processes on one database: each unit rebuilds its volumes from the bets. */
const shared = onOneDatabase(clock);
const { restart } = shared;

async function stateOf(t: TablesTestApp, headers: Record<string, string>): Promise<TableState> {
  const response = await t.app.inject({ method: 'GET', url: `/api/tables/${BBB}`, headers });
  return tableStateSchema.parse(response.json());
}

const volumesOf = (state: TableState) =>
  Object.fromEntries(state.markets.map((market) => [market.id, market.volume]));

/** Every message the table's stream topic publishes, in order. */
function watch(t: TablesTestApp): TableStream[] {
  const seen: TableStream[] = [];
  t.deps.bus.subscribe(`stream:table:${BBB}`, (message) => {
    seen.push(tableStreamSchema.parse((JSON.parse(message) as { data: unknown }).data));
  });
  return seen;
}

function bet(t: TablesTestApp, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/tables/${BBB}/bets`, headers, payload });
}

describe('ball-by-ball market volume', () => {
  it('is the stake matched on each market this round, in the table state and on its stream', async () => {
    let t = await restart(null);
    const alice = await t.newPlayer('1000');
    const bob = await t.newPlayer('100');
    await t.advance(BBB);
    const open = await stateOf(t, alice.headers);
    expect(new Set(Object.values(volumesOf(open)))).toEqual(new Set(['0.00']));
    const roundId = open.round!.id;
    let streamed = watch(t);

    const placed = await Promise.all([
      bet(t, alice.headers, { roundId, marketId: 'runs-0', stake: '50', clientRef: 'a-0' }),
      bet(t, alice.headers, { roundId, marketId: 'runs-4', stake: '100', clientRef: 'a-4' }),
      bet(t, bob.headers, { roundId, marketId: 'runs-0', stake: '75', clientRef: 'b-0' }),
    ]);
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    // A replay and a refused stake match nothing more.
    const replay = await bet(t, alice.headers, {
      roundId,
      marketId: 'runs-4',
      stake: '100',
      clientRef: 'a-4',
    });
    expect(replay.statusCode).toBe(200);
    const refused = await bet(t, bob.headers, { roundId, marketId: 'wicket', stake: '50', clientRef: 'b-w' });
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });

    const expected = { 'runs-0': '125.00', 'runs-4': '100.00', wicket: '0.00', boundary: '0.00' };
    expect(volumesOf(await stateOf(t, alice.headers))).toMatchObject(expected);
    await vi.waitFor(() => expect(streamed.at(-1)?.volumes).toMatchObject(expected));
    expect(streamed.at(-1)?.round).toMatchObject({ id: roundId, status: 'BETTING' });

    // A new owner counts the bets the last one wrote.
    t = await restart(t);
    streamed = watch(t);
    const after = await bet(t, alice.headers, {
      roundId,
      marketId: 'runs-0',
      stake: '50',
      clientRef: 'a-0b',
    });
    expect(after.statusCode).toBe(201);
    await vi.waitFor(() => expect(streamed.at(-1)?.volumes).toMatchObject({ 'runs-0': '175.00' }));

    // The settled round keeps its volumes; the next delivery starts from nothing.
    for (let step = 0; step < 4; step++) {
      clock.nowMs = Date.parse((await stateOf(t, alice.headers)).round!.phaseEndsAt);
      await t.advance(BBB);
    }
    const settled = await stateOf(t, alice.headers);
    expect(settled.round).toMatchObject({ id: roundId, status: 'SETTLED' });
    expect(volumesOf(settled)).toMatchObject({ 'runs-0': '175.00', 'runs-4': '100.00' });
    expect(streamed.at(-1)).toMatchObject({ round: { status: 'SETTLED' }, volumes: { 'runs-0': '175.00' } });
    clock.nowMs = Date.parse(settled.round!.phaseEndsAt);
    await t.advance(BBB);
    const next = await stateOf(t, alice.headers);
    expect(next.round!.id).toBeGreaterThan(roundId);
    expect(new Set(Object.values(volumesOf(next)))).toEqual(new Set(['0.00']));
    await vi.waitFor(() => expect(streamed.at(-1)?.round?.id).toBe(next.round!.id));
    expect(new Set(Object.values(streamed.at(-1)!.volumes))).toEqual(new Set(['0.00']));
    await t.close();
  });

  it('takes bets after a batch of an unloaded owner moved the round on', async () => {
    const t = await restart(null);
    const carol = await t.newPlayer('1000');
    let state = await stateOf(t, carol.headers);
    while (state.round!.status !== 'BETTING') {
      clock.nowMs = Date.parse(state.round!.phaseEndsAt);
      await t.advance(BBB);
      state = await stateOf(t, carol.headers);
    }
    const roundId = state.round!.id;
    const first = await bet(t, carol.headers, { roundId, marketId: 'extra', stake: '50', clientRef: 'c-1' });
    expect(first.statusCode).toBe(201);
    // What the last batch of a unit rebuilt meanwhile does: the round's next version, unknown to this one.
    await shared.db.query('UPDATE table_rounds SET version = version + 1 WHERE id = $1', [roundId]);
    const second = await bet(t, carol.headers, { roundId, marketId: 'extra', stake: '60', clientRef: 'c-2' });
    expect(second.statusCode).toBe(201);
    expect(volumesOf(await stateOf(t, carol.headers))).toMatchObject({ extra: '110.00' });
    await t.close();
  });
});
