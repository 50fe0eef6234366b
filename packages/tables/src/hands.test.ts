import { describe, expect, it } from 'vitest';
import { bestOfSeven, fiveCardScore } from './hands/poker.ts';
import { teenPattiScore } from './hands/three-card.ts';

const tp = (cards: string) => teenPattiScore(cards.split(' '));
const five = (cards: string) => fiveCardScore(cards.split(' '));

describe('Teen Patti hands', () => {
  it('rank trail > pure sequence > sequence > colour > pair > high card', () => {
    const ordered = ['2C 2D 2S', '4H 3H 2H', 'AS KD QC', '2S 5S 9S', 'AC AD KS', 'AH KH JC'];
    const scores = ordered.map((hand) => tp(hand).score);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(ordered.map((hand) => tp(hand).hand)).toEqual([
      'Trail',
      'Pure Sequence',
      'Sequence',
      'Colour',
      'Pair',
      'High Card',
    ]);
    for (let i = 1; i < scores.length; i++) expect(scores[i - 1]).toBeGreaterThan(scores[i]!);
  });
  it('A-K-Q is the best sequence, A-2-3 the second, 4-3-2 the lowest', () => {
    expect(tp('AS KD QC').score).toBeGreaterThan(tp('AS 2D 3C').score);
    expect(tp('AS 2D 3C').score).toBeGreaterThan(tp('KS QD JC').score);
    expect(tp('4S 3D 2C').score).toBeLessThan(tp('5S 4D 3C').score);
  });
  it('compares pairs by the pair, then the kicker; suits never decide', () => {
    expect(tp('KC KD 2S').score).toBeGreaterThan(tp('QC QD AS').score);
    expect(tp('KC KD 5S').score).toBeGreaterThan(tp('KH KS 4S').score);
    expect(tp('AC 9D 4S').score).toBe(tp('AH 9S 4D').score);
  });
});

describe('poker hands', () => {
  it('order the nine categories', () => {
    const ordered = [
      '9S TS JS QS KS',
      '4C 4D 4H 4S 2C',
      '3C 3D 3H 2S 2C',
      '2H 7H 9H JH KH',
      '5C 6D 7H 8S 9C',
      'QC QD QH 2S 3C',
      'JC JD 4H 4S 2C',
      'TC TD 4H 3S 2C',
      'AC KD 9H 4S 2C',
    ];
    for (let i = 1; i < ordered.length; i++) expect(five(ordered[i - 1]!)).toBeGreaterThan(five(ordered[i]!));
  });
  it('counts the wheel as a five-high straight and breaks ties by kickers', () => {
    expect(five('AC 2D 3H 4S 5C')).toBeLessThan(five('2C 3D 4H 5S 6C'));
    expect(five('AC 2D 3H 4S 5C')).toBeGreaterThan(five('AC AD AH KS QC'));
    expect(five('AC AD 9H 8S 3C')).toBeGreaterThan(five('AH AS 9D 8C 2C'));
    expect(five('AC AD 9H 8S 3C')).toBe(five('AH AS 9D 8C 3D'));
  });
  it('picks the best five of seven', () => {
    expect(bestOfSeven('2C 2D 2H KS KC 3D 3H'.split(' ')).hand).toBe('Full House');
    expect(bestOfSeven('AS KS QS JS 9S TD 8C'.split(' ')).hand).toBe('Flush');
    expect(bestOfSeven('AS KS QS JS TS 9S 8S'.split(' ')).score).toBe(five('AS KS QS JS TS'));
  });
});
