import { describe, expect, it } from 'vitest';
import { marketTypeLabel } from './market-labels.ts';

describe('marketTypeLabel', () => {
  it.each([
    ['MATCH_ODDS', 'Match Odds'],
    ['match_odds', 'Match Odds'],
    ['BOOKMAKER', 'Bookmaker'],
    ['fancy', 'Fancy'],
    ['khado', 'Khado'],
    ['Oddeven', 'Odd/Even'],
    ['ODD_EVEN', 'Odd/Even'],
    ['TIED_MATCH', 'Tied Match'],
  ])('shows %s as %s', (code, label) => {
    expect(marketTypeLabel(code)).toBe(label);
  });

  it('turns an unknown code into words rather than showing the code', () => {
    expect(marketTypeLabel('OVER_UNDER_2')).toBe('Over Under 2');
    expect(marketTypeLabel('completedMatch')).toBe('Completed Match');
  });
});
