import { describe, expect, it } from 'vitest';
import { betOfMessage } from './components/use-live-bets.ts';
import type { Bet } from '@backlay/contracts';
import {
  betsOfEvent,
  hasMatched,
  hasUnmatched,
  marketsWithMatched,
  placedText,
  upsertOpenBet,
} from './bets-view.ts';

function bet(id: string, patch: Partial<Bet> = {}): Bet {
  return {
    id,
    marketId: 'cricket-a-1.match-odds',
    runnerId: 'home',
    side: 'BACK',
    price: 2,
    stake: '100.00',
    matched: '0.00',
    unmatched: '100.00',
    avgPrice: null,
    status: 'UNMATCHED',
    placedAt: '2026-11-23T10:00:00Z',
    ...patch,
  };
}

describe('open bets kept live', () => {
  it('adds a new bet first and replaces a known one in place', () => {
    const list = [bet('a'), bet('b')];
    expect(upsertOpenBet(list, bet('c')).map((b) => b.id)).toEqual(['c', 'a', 'b']);
    const matched = bet('b', { status: 'MATCHED', matched: '100.00', unmatched: '0.00' });
    const next = upsertOpenBet(list, matched);
    expect(next.map((b) => b.id)).toEqual(['a', 'b']);
    expect(next[1]?.status).toBe('MATCHED');
    expect(upsertOpenBet(undefined, bet('x')).map((b) => b.id)).toEqual(['x']);
  });

  it('drops bets that are no longer open', () => {
    const list = [bet('a'), bet('b')];
    for (const status of ['CANCELLED', 'LAPSED', 'SETTLED', 'VOID'] as const) {
      expect(upsertOpenBet(list, bet('a', { status })).map((b) => b.id)).toEqual(['b']);
    }
  });

  it("picks one event's bets and the markets with matched money", () => {
    const other = bet('o', { marketId: 'cricket-a-10.match-odds', matched: '5.00' });
    const older = bet('c', { marketId: 'cricket-a-1/fancy-6' });
    const list = [bet('a'), bet('b', { marketId: 'cricket-a-1.bookmaker', matched: '20.00' }), other, older];
    expect(betsOfEvent(list, 'cricket-a-1').map((b) => b.id)).toEqual(['a', 'b', 'c']);
    expect(marketsWithMatched(list)).toEqual(['cricket-a-1.bookmaker', 'cricket-a-10.match-odds']);
    expect(hasMatched(bet('z'))).toBe(false);
    expect(hasUnmatched(bet('z'))).toBe(true);
  });
});

describe('placement result text', () => {
  it('says how much matched and how much waits', () => {
    const partly = bet('p', {
      status: 'PARTIALLY_MATCHED',
      matched: '60.00',
      unmatched: '40.00',
      price: 2.5,
    });
    expect(placedText(partly, 'Norvale', 'en-US')).toBe(
      'Back Norvale at 2.5, stake 100.00: 60.00 matched, 40.00 unmatched',
    );
    const lay = bet('l', { side: 'LAY', status: 'MATCHED', matched: '100.00', unmatched: '0.00' });
    expect(placedText(lay, 'Eastham', 'en-US')).toBe('Lay Eastham at 2, stake 100.00: 100.00 matched');
    const lapsed = bet('x', { status: 'CANCELLED', unmatched: '0.00' });
    expect(placedText(lapsed, 'Norvale', 'en-US')).toBe('Back Norvale at 2, stake 100.00: nothing left open');
  });
});

describe('bet topic messages', () => {
  it('reads a change as {bet} or as a bare bet, and nothing else', () => {
    expect(betOfMessage({ bet: bet('a') })?.id).toBe('a');
    expect(betOfMessage(bet('b'))?.id).toBe('b');
    expect(betOfMessage({ bets: [bet('c')] })).toBeNull();
    expect(betOfMessage('tick')).toBeNull();
  });
});
