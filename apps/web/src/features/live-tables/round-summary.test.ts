import { describe, expect, it } from 'vitest';
import type { TableBet } from '@backlay/contracts';
import { resultChipText, summarizeRound, summaryText } from './round-summary.ts';

const bet = (stake: string, status: TableBet['status'], payout: string | null): TableBet => ({
  id: `b-${stake}-${status}`,
  tableId: 'dragon-tiger',
  roundId: 3,
  marketId: 'dragon',
  marketName: 'Dragon',
  odds: 2,
  stake,
  status,
  payout,
  placedAt: '2026-11-23T12:00:00.000Z',
  settledAt: null,
});

const plain = (amount: string) => amount;

describe('round summary', () => {
  it('adds stakes and returns in minor units', () => {
    const summary = summarizeRound([bet('100.00', 'WON', '200.00'), bet('50.00', 'LOST', '0.00')]);
    expect(summary).toEqual({ bets: 2, stakedMinor: 15_000n, returnedMinor: 20_000n, netMinor: 5_000n });
    expect(summaryText(summary, plain)).toBe('You won 50.00');
  });

  it('says lost, returned, or nothing while a bet is open', () => {
    expect(summaryText(summarizeRound([bet('100.00', 'LOST', '0.00')]), plain)).toBe('You lost 100.00');
    expect(summaryText(summarizeRound([bet('100.00', 'PUSH', '100.00')]), plain)).toBe('Stakes returned');
    expect(summaryText(summarizeRound([bet('100.00', 'OPEN', null)]), plain)).toBeNull();
    expect(summaryText(summarizeRound([]), plain)).toBeNull();
  });

  it('shortens ball-by-ball results for chips and keeps other winners whole', () => {
    expect(resultChipText('4 Runs')).toBe('4');
    expect(resultChipText('1 Run')).toBe('1');
    expect(resultChipText('Wicket')).toBe('W');
    expect(resultChipText('Extra Runs')).toBe('E');
    expect(resultChipText('17 Red')).toBe('17');
    expect(resultChipText('Dragon')).toBe('Dragon');
  });
});
