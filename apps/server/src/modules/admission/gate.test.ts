import { describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database.ts';
import { InProcessBus } from '../../lib/bus.ts';
import { standingReads } from '../protection/index.ts';
import { AdmissionGate } from './gate.ts';
import { announceStandingChange } from './topic.ts';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
/** A bet's stake of 1.00: no player here has a maximum, so its size changes nothing. */
const STAKE = { kind: 'stake', stakeMinor: 100n } as const;
/** The market staked on, with its event and sport. */
const ON = { marketId: '1.100', eventId: 'e100', sport: 'football' } as const;

/** A database of players (status, cash) that counts the statements it answers. */
function fakeDatabase(players: Record<string, { status: 'active' | 'suspended'; cash: bigint }>) {
  const reads: string[] = [];
  let beforeAnswer = async () => {};
  const sql: Sql = {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      reads.push(text);
      await beforeAnswer();
      if (text.includes('ANY')) {
        const ids = params[0] as string[];
        return ids.flatMap((id) => (players[id] ? [{ id, status: players[id]!.status }] : [])) as Row[];
      }
      const player = players[params[0] as string];
      return [
        { status: player?.status ?? null, balance_minor: player ? String(player.cash) : null },
      ] as Row[];
    },
  } as Sql;
  return { sql, reads, players, delayAnswers: (wait: () => Promise<void>) => (beforeAnswer = wait) };
}

function gateOver(players: Parameters<typeof fakeDatabase>[0]) {
  const database = fakeDatabase(players);
  const bus = new InProcessBus();
  const clock = { nowMs: 1_000_000 };
  const gate = new AdmissionGate(database.sql, standingReads, bus, () => clock.nowMs);
  return { ...database, bus, clock, gate };
}

describe('admission gate', () => {
  it('admits from memory: one read, then none until the cash is a second old', async () => {
    const { gate, reads, clock } = gateOver({ [ANA]: { status: 'active', cash: 10_000n } });
    await gate.prepare(ANA);
    expect(gate.admit(ANA, { amountMinor: 10_000n, stake: STAKE, ...ON })).toEqual({ ok: true });
    await gate.prepare(ANA);
    expect(reads).toHaveLength(1);
    clock.nowMs += 1_001;
    await gate.prepare(ANA);
    expect(reads).toHaveLength(2);
    // The standing is held: the refresh reads the money alone, not the standing's walk up the tree.
    expect(reads[0]).toContain('bet_locked');
    expect(reads[1]).not.toContain('bet_locked');
    expect(reads[1]).toContain('balance_minor');
  });

  it('refuses more than the cash less what is reserved, and a hedge that adds nothing', async () => {
    const { gate } = gateOver({ [ANA]: { status: 'active', cash: 10_000n } });
    await gate.prepare(ANA);
    gate.funds.reserve(ANA, 4_000n);
    expect(gate.admit(ANA, { amountMinor: 6_001n, stake: STAKE, ...ON })).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(gate.admit(ANA, { amountMinor: 6_000n, stake: STAKE, ...ON })).toEqual({ ok: true });
    gate.funds.reserve(ANA, 20_000n);
    expect(gate.admit(ANA, { amountMinor: 0n, stake: { kind: 'hedge' }, ...ON })).toEqual({
      ok: true,
    });
  });

  it('refuses a suspended player and one it cannot find, whatever the amount', async () => {
    const { gate, reads } = gateOver({ [ANA]: { status: 'suspended', cash: 10_000n } });
    await gate.prepare(ANA);
    await gate.prepare(BEN);
    await gate.prepare('not-a-player-id');
    expect(reads).toHaveLength(2);
    expect(gate.admit(ANA, { amountMinor: 1n, stake: STAKE, ...ON })).toMatchObject({
      ok: false,
      code: 'PLAYER_SUSPENDED',
    });
    expect(gate.admit(BEN, { amountMinor: 1n, stake: STAKE, ...ON })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PLAYER',
    });
    expect(gate.admitStanding('not-a-player-id', { stake: STAKE })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_PLAYER',
    });
  });

  it('reads a standing once for the products whose ledger judges the money', async () => {
    const { gate, reads } = gateOver({
      [ANA]: { status: 'active', cash: 0n },
      [BEN]: { status: 'suspended', cash: 0n },
    });
    await gate.prepareStandings([ANA, BEN, ANA]);
    await gate.prepareStandings([ANA, BEN]);
    expect(reads).toHaveLength(1);
    expect(gate.admitStanding(ANA, { stake: STAKE })).toEqual({ ok: true });
    expect(gate.admitStanding(BEN, { stake: STAKE })).toMatchObject({ ok: false, code: 'PLAYER_SUSPENDED' });
  });

  it('reads the standings of first bets arriving together in one statement', async () => {
    const { gate, reads } = gateOver({
      [ANA]: { status: 'active', cash: 0n },
      [BEN]: { status: 'suspended', cash: 0n },
    });
    await Promise.all([gate.prepareStandings([ANA]), gate.prepareStandings([BEN])]);
    expect(reads).toHaveLength(1);
    expect(gate.admitStanding(ANA, { stake: STAKE })).toEqual({ ok: true });
    expect(gate.admitStanding(BEN, { stake: STAKE })).toMatchObject({ ok: false, code: 'PLAYER_SUSPENDED' });
  });

  it('reads a standing again once the bus says it changed', async () => {
    const { gate, reads, bus, players } = gateOver({ [ANA]: { status: 'active', cash: 0n } });
    await gate.prepareStandings([ANA]);
    players[ANA]!.status = 'suspended';
    expect(gate.admitStanding(ANA, { stake: STAKE })).toEqual({ ok: true });
    await announceStandingChange(bus, ANA);
    await gate.prepareStandings([ANA]);
    expect(reads).toHaveLength(2);
    expect(gate.admitStanding(ANA, { stake: STAKE })).toMatchObject({ ok: false, code: 'PLAYER_SUSPENDED' });
  });

  it('never keeps a standing read while a change was announced', async () => {
    const { gate, reads, bus, players, delayAnswers } = gateOver({ [ANA]: { status: 'active', cash: 0n } });
    let announced = false;
    delayAnswers(async () => {
      if (announced) return;
      announced = true;
      // The read saw the old row; the change commits and is announced before its answer arrives.
      players[ANA]!.status = 'suspended';
      await announceStandingChange(bus, ANA);
    });
    await gate.prepareStandings([ANA]);
    expect(reads).toHaveLength(2);
    expect(gate.admitStanding(ANA, { stake: STAKE })).toMatchObject({ ok: false, code: 'PLAYER_SUSPENDED' });
  });
});
