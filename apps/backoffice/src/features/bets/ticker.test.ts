import type { AdminBet } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { markFresh, mergeTicker } from './ticker.ts';

const bet = (id: string, second: number, state: AdminBet['state'] = 'open'): AdminBet => ({
  id,
  product: 'exchange',
  playerId: 'p1',
  email: null,
  market: 'm1',
  selection: 'r1',
  side: 'BACK',
  stake: '10.00',
  state,
  status: state === 'open' ? 'MATCHED' : 'SETTLED',
  result: null,
  placedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
});

const ids = (rows: readonly AdminBet[]) => rows.map((row) => row.id);

describe('mergeTicker', () => {
  it('puts new bets in by time, marks only those, and replaces a bet heard again', () => {
    const shown = [bet('c', 3), bet('a', 1)];
    const { rows, added } = mergeTicker(shown, [bet('d', 4), bet('b', 2), bet('a', 1, 'settled')]);
    expect(ids(rows)).toEqual(['d', 'c', 'b', 'a']);
    expect(added).toEqual(['exchange:d', 'exchange:b']);
    expect(rows[3]!.state).toBe('settled');
    expect(ids(shown)).toEqual(['c', 'a']);
  });

  it('keeps the newest rows only, and does not mark a bet that fell off', () => {
    const { rows, added } = mergeTicker([bet('c', 3), bet('b', 2)], [bet('d', 4), bet('a', 1)], 3);
    expect(ids(rows)).toEqual(['d', 'c', 'b']);
    expect(added).toEqual(['exchange:d']);
  });

  it('orders bets of one instant by key, the same way each time', () => {
    const once = mergeTicker([], [bet('x', 5), bet('y', 5)]);
    const again = mergeTicker([], [bet('y', 5), bet('x', 5)]);
    expect(ids(once.rows)).toEqual(ids(again.rows));
  });
});

describe('markFresh', () => {
  it('marks new rows for a while and drops marks that ended, keeping the same map when nothing changes', () => {
    const first = markFresh(new Map(), ['a'], 1_000, 4_000);
    expect([...first]).toEqual([['a', 5_000]]);
    const second = markFresh(first, ['b'], 3_000, 4_000);
    expect([...second]).toEqual([
      ['a', 5_000],
      ['b', 7_000],
    ]);
    expect([...markFresh(second, [], 5_000, 0)]).toEqual([['b', 7_000]]);
    expect(markFresh(second, [], 4_000, 0)).toBe(second);
  });
});
