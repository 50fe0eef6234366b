import { describe, expect, it } from 'vitest';
import type { Bet } from '@backlay/contracts';
import { applyBet, casinoRow, filterRows, pageRows, sportsRow, totalAmount } from './bet-report.ts';

function bet(id: string, patch: Partial<Bet> = {}): Bet {
  return {
    id,
    marketId: 'cricket-a-1/match-odds',
    runnerId: 'home',
    side: 'BACK',
    price: 2,
    stake: '100.00',
    matched: '0.00',
    unmatched: '100.00',
    avgPrice: null,
    status: 'UNMATCHED',
    placedAt: '2026-11-23T10:00:00Z',
    eventName: 'Norvale v Eastham',
    runnerName: 'Norvale',
    marketName: 'Match Odds',
    ...patch,
  };
}

describe('current bet report', () => {
  it('shows a bet as event, selection, odds, stake and placing time', () => {
    expect(sportsRow(bet('a'))).toEqual({
      id: 'a',
      eventName: 'Norvale v Eastham',
      nation: 'Norvale (Match Odds)',
      userRate: '2',
      amount: '100.00',
      placeDate: '2026-11-23T10:00:00Z',
      side: 'BACK',
    });
    const bare = bet('b', {
      eventName: undefined,
      runnerName: undefined,
      marketName: undefined,
      avgPrice: 2.04,
    });
    expect(sportsRow(bare)).toMatchObject({ eventName: 'cricket-a-1', nation: 'home', userRate: '2.04' });
    expect(sportsRow({ ...bare, marketId: 'cricket-a-1.match-odds' }).eventName).toBe('cricket-a-1');
  });

  it('keeps the list live: new bets first, changes in place, closed bets out', () => {
    const list = [bet('a'), bet('b')];
    expect(applyBet(list, bet('c')).map((b) => b.id)).toEqual(['c', 'a', 'b']);
    expect(applyBet(list, bet('a', { status: 'MATCHED' }))[0]?.status).toBe('MATCHED');
    expect(applyBet(list, bet('a', { status: 'SETTLED' })).map((b) => b.id)).toEqual(['b']);
    expect(applyBet(undefined, bet('a', { status: 'CANCELLED' }))).toEqual([]);
  });

  it('filters by side and search, and totals the stakes exactly', () => {
    const rows = [
      sportsRow(bet('a', { stake: '0.10' })),
      sportsRow(bet('b', { side: 'LAY', stake: '0.20', runnerName: 'Eastham' })),
      sportsRow(bet('c', { eventName: 'Other v Match', stake: '1234.56' })),
    ];
    expect(filterRows(rows, 'All', '').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(filterRows(rows, 'Back', '').map((r) => r.id)).toEqual(['a', 'c']);
    expect(filterRows(rows, 'Lay', '').map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, 'All', '  eastHAM ').map((r) => r.id)).toEqual(['a', 'b']);
    expect(totalAmount(rows)).toBe('1234.86');
    expect(totalAmount(rows.slice(0, 2))).toBe('0.30');
    expect(totalAmount([])).toBe('0.00');
  });

  it('pages rows and keeps the page inside the range', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageRows(rows, 1, 10)).toEqual({ rows: rows.slice(0, 10), pageCount: 3 });
    expect(pageRows(rows, 3, 10).rows).toEqual([20, 21, 22]);
    expect(pageRows(rows, 9, 10).rows).toEqual([20, 21, 22]);
    expect(pageRows([], 1, 10)).toEqual({ rows: [], pageCount: 0 });
  });

  it('shows casino bets by game and round', () => {
    const row = casinoRow({
      id: 't1',
      gameId: 'g',
      gameName: 'Teen Patti',
      roundId: 'r-9',
      stake: '50.00',
      win: '0.00',
      status: 'OPEN',
      placedAt: '2026-11-23T10:00:00Z',
    });
    expect(row).toMatchObject({ eventName: 'Teen Patti', nation: 'Round r-9', amount: '50.00', side: null });
    expect(filterRows([row], 'Back', '')).toEqual([]);
  });
});
