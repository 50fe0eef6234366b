import { tableStateSchema, tablesResponseSchema, tableStreamSchema } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { onOneDatabase, TestClock, type TablesTestApp } from './testing.ts';

/** A paused table says so to players: its state, its lobby entry and its stream (docs/decisions/0254). */
const clock = new TestClock();
const shared = onOneDatabase(clock);
const DT = 'dragon-tiger';

const staff = (t: TablesTestApp, action: 'pause' | 'resume') =>
  t.app.inject({ method: 'POST', url: `/api/admin/tables/${DT}/${action}`, headers: t.admin });

async function publicState(t: TablesTestApp) {
  const { headers } = await t.newPlayer();
  const state = await t.app.inject({ method: 'GET', url: `/api/tables/${DT}`, headers });
  const lobby = await t.app.inject({ method: 'GET', url: '/api/tables', headers });
  expect(state.statusCode).toBe(200);
  const tables = tablesResponseSchema.parse(lobby.json()).tables;
  return {
    state: tableStateSchema.parse(state.json()),
    lobby: new Map(tables.map((table) => [table.id, table.paused])),
  };
}

describe('a paused table in public', () => {
  it('carries the pause in its state, the lobby and at once on its stream', async () => {
    const t = await shared.restart(null);
    clock.advanceBy(60_000);
    await t.advance(DT);
    const before = await publicState(t);
    expect(before.state.table.paused).toBe(false);
    expect(before.lobby.get(DT)).toBe(false);

    const heard: { seq: number; paused: boolean | undefined }[] = [];
    t.deps.bus.subscribe(`stream:table:${DT}`, (message) => {
      const update = JSON.parse(message) as { seq: number; data: unknown };
      heard.push({ seq: update.seq, paused: tableStreamSchema.parse(update.data).paused });
    });

    expect((await staff(t, 'pause')).statusCode).toBe(200);
    const paused = await publicState(t);
    expect(paused.state.table.paused).toBe(true);
    expect(paused.lobby.get(DT)).toBe(true);
    expect(paused.lobby.get('lucky-7')).toBe(false);
    // Published by the pause itself, with a newer seq than the round's last state, so it is not dropped.
    expect(heard).toEqual([{ seq: expect.any(Number), paused: true }]);

    expect((await staff(t, 'resume')).statusCode).toBe(200);
    expect((await publicState(t)).state.table.paused).toBe(false);
    expect(heard.map((update) => update.paused)).toEqual([true, false]);
    expect(heard[1]!.seq).toBeGreaterThan(heard[0]!.seq);
    await t.close();
  });
});
