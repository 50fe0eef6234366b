import { describe, expect, it } from 'vitest';
import type { TableRound, TableState, TableStream } from '@backlay/contracts';
import { currentTable, isBettingOpen, roundStatusText } from './live-table-state.ts';

const round = (id: number, status: TableRound['status']): TableRound => ({
  id,
  status,
  openedAt: '2026-11-23T12:00:00.000Z',
  closesAt: '2026-11-23T12:00:15.000Z',
  phaseEndsAt: '2026-11-23T12:00:15.000Z',
  serverSeedHash: 'a'.repeat(64),
  clientSeed: 'backlay:dragon-tiger',
  nonce: id,
  cards: [],
  result: null,
});

const fetched: TableState = {
  table: {
    id: 'dragon-tiger',
    name: 'Dragon Tiger',
    category: 'DragonTiger',
    minStake: '10.00',
    maxStake: '50000.00',
  },
  serverTime: '2026-11-23T12:00:05.000Z',
  round: round(7, 'BETTING'),
  markets: [
    {
      id: 'dragon',
      name: 'Dragon',
      odds: 2,
      minStake: '10.00',
      maxStake: '50000.00',
      status: 'OPEN',
      volume: '100.00',
    },
    {
      id: 'tie',
      name: 'Tie',
      odds: 12,
      minStake: '10.00',
      maxStake: '10000.00',
      status: 'OPEN',
      volume: '0.00',
    },
  ],
  lastResults: [{ roundId: 6, winner: 'Tiger' }],
};

const stream = (serverTime: string, status: TableRound['status']): TableStream => ({
  tableId: 'dragon-tiger',
  serverTime,
  round: round(7, status),
  marketStatus: status === 'BETTING' ? 'OPEN' : 'SUSPENDED',
  volumes: { dragon: '100.00', tie: '0.00' },
  lastResults: [{ roundId: 6, winner: 'Tiger' }],
});

const at = Date.parse('2026-11-23T12:00:05.000Z');

describe('live table state', () => {
  it('uses the fetched state until a newer stream message arrives', () => {
    const live = currentTable({ message: fetched, receivedAtMs: at - 1_000 }, null);
    expect(live.round?.status).toBe('BETTING');
    expect(live.offsetMs).toBe(1_000);
    const older = stream('2026-11-23T12:00:04.000Z', 'CLOSED');
    expect(
      currentTable({ message: fetched, receivedAtMs: at }, { message: older, receivedAtMs: at }).round
        ?.status,
    ).toBe('BETTING');
  });

  it('lays the streamed round over the fetched markets and suspends them', () => {
    const closed = stream('2026-11-23T12:00:15.000Z', 'CLOSED');
    const live = currentTable(
      { message: fetched, receivedAtMs: at },
      { message: closed, receivedAtMs: at + 10_500 },
    );
    expect(live.round?.status).toBe('CLOSED');
    expect(live.markets.map((m) => m.status)).toEqual(['SUSPENDED', 'SUSPENDED']);
    expect(live.markets[1]?.odds).toBe(12);
    expect(live.offsetMs).toBe(-500);
  });

  it('takes each market’s volume from the newer stream message', () => {
    const more = {
      ...stream('2026-11-23T12:00:06.000Z', 'BETTING'),
      volumes: { dragon: '350.00', tie: '20.00' },
    };
    const live = currentTable({ message: fetched, receivedAtMs: at }, { message: more, receivedAtMs: at });
    expect(live.markets.map((m) => [m.id, m.volume, m.status])).toEqual([
      ['dragon', '350.00', 'OPEN'],
      ['tie', '20.00', 'OPEN'],
    ]);
    const same = stream('2026-11-23T12:00:06.000Z', 'BETTING');
    expect(
      currentTable({ message: fetched, receivedAtMs: at }, { message: same, receivedAtMs: at }).markets,
    ).toBe(fetched.markets);
  });

  it('ignores a message of another table', () => {
    const other = { ...stream('2026-11-23T12:00:15.000Z', 'CLOSED'), tableId: 'lucky-7' };
    expect(
      currentTable({ message: fetched, receivedAtMs: at }, { message: other, receivedAtMs: at }).round
        ?.status,
    ).toBe('BETTING');
  });

  it('takes bets only while betting and before closesAt on the server clock', () => {
    const live = currentTable({ message: fetched, receivedAtMs: at }, null);
    expect(isBettingOpen(live, Date.parse('2026-11-23T12:00:14.000Z'))).toBe(true);
    expect(isBettingOpen(live, Date.parse('2026-11-23T12:00:15.000Z'))).toBe(false);
    expect(isBettingOpen({ ...live, offsetMs: 2_000 }, Date.parse('2026-11-23T12:00:14.000Z'))).toBe(false);
    expect(isBettingOpen({ ...live, round: round(7, 'DEALING') }, at)).toBe(false);
  });

  it('is paused as the fetched state says, then as the newer stream message says', () => {
    const pausedTable = { ...fetched, table: { ...fetched.table, paused: true } };
    const live = currentTable({ message: pausedTable, receivedAtMs: at }, null);
    expect(live.paused).toBe(true);
    // A paused table takes no bet even while its round is still betting.
    expect(isBettingOpen(live, Date.parse('2026-11-23T12:00:14.000Z'))).toBe(false);
    const resumed = { ...stream('2026-11-23T12:00:06.000Z', 'BETTING'), paused: false };
    const after = currentTable(
      { message: pausedTable, receivedAtMs: at },
      { message: resumed, receivedAtMs: at },
    );
    expect(after.paused).toBe(false);
    expect(isBettingOpen(after, Date.parse('2026-11-23T12:00:13.000Z'))).toBe(true);
    const pausing = { ...stream('2026-11-23T12:00:06.000Z', 'BETTING'), paused: true };
    expect(
      currentTable({ message: fetched, receivedAtMs: at }, { message: pausing, receivedAtMs: at }).paused,
    ).toBe(true);
  });

  it('is not paused when neither says so', () => {
    const live = currentTable(
      { message: fetched, receivedAtMs: at },
      { message: stream('2026-11-23T12:00:06.000Z', 'BETTING'), receivedAtMs: at },
    );
    expect(live.paused).toBe(false);
  });

  it('names each phase', () => {
    expect(roundStatusText(null)).toBe('Waiting for the first round');
    expect(roundStatusText(round(1, 'CLOSED'))).toBe('No more bets');
    expect(roundStatusText(round(1, 'VOID'))).toMatch(/refunded/);
  });
});
