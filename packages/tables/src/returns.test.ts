import { describe, expect, it } from 'vitest';
import { tableGame } from './catalogue.ts';
import { exactReturns, simulatedReturns } from './test-support/returns.ts';
import { xorshift } from './test-support/sources.ts';

const game = (id: string) => tableGame(id)!;
const rounded = (returns: Record<string, number>) =>
  Object.fromEntries(Object.entries(returns).map(([id, value]) => [id, Math.round(value * 10_000) / 10_000]));

/**
 * The returns documented in docs/decisions/0151 and 0152, computed exactly over every equally likely
 * deal where the deal is short enough, estimated from a fixed stream otherwise. Every market keeps a
 * house edge.
 */
describe('return to player per market', () => {
  it('Dragon Tiger (eight decks), exactly', { timeout: 30_000 }, () => {
    expect(rounded(exactReturns(game('dragon-tiger'), [416, 415]))).toEqual({
      dragon: 0.9627,
      tiger: 0.9627,
      tie: 0.8964,
      'suited-tie': 0.8602,
    });
  });

  it('Lucky 7, exactly', () => {
    expect(rounded(exactReturns(game('lucky-7'), [52]))).toEqual({
      low: 0.9231,
      high: 0.9231,
      seven: 0.9231,
      even: 0.9692,
      odd: 0.9638,
      red: 0.985,
      black: 0.985,
    });
  });

  it('3 Cards Judgement, exactly', { timeout: 30_000 }, () => {
    const returns = rounded(exactReturns(game('3-card-judgement'), [52, 51, 50]));
    for (const [id, value] of Object.entries(returns))
      expect(value).toBe(id.startsWith('yes') ? 0.9673 : 0.9705);
  });

  it('Worli Matka, exactly', { timeout: 30_000 }, () => {
    const returns = rounded(exactReturns(game('worli'), [40, 39, 38]));
    // Every single digit is exactly equally likely with 40 cards: 8.5 to 1 returns 95 %.
    for (const [id, value] of Object.entries(returns))
      expect(value).toBe(id.startsWith('single') ? 0.95 : 0.975);
  });

  it('Roulette and Ball by ball, exactly', () => {
    const wheel = rounded(exactReturns(game('roulette'), [37]));
    expect(new Set(Object.values(wheel))).toEqual(new Set([0.973]));
    expect(rounded(exactReturns(game('ball-by-ball'), [10_000]))).toEqual({
      'runs-0': 0.952,
      'runs-1': 0.9468,
      'runs-2': 0.945,
      'runs-3': 0.95,
      'runs-4': 0.95,
      'runs-6': 0.95,
      boundary: 0.945,
      wicket: 0.94,
      extra: 0.945,
    });
  });

  // Symmetric games (Teen Patti, Poker) return 0.99 + 0.01 × P(tie) by construction: see 0151.
  const estimated: [string, number, number, number][] = [
    ['teen-patti-20', 50_000, 0.97, 1.01],
    ['andar-bahar', 50_000, 0.95, 0.995],
    ['32-cards', 50_000, 0.92, 0.99],
    ['baccarat', 50_000, 0.84, 1],
    ['casino-war', 30_000, 0.95, 0.99],
    ['poker-20', 5_000, 0.95, 1.03],
  ];
  for (const [id, rounds, low, high] of estimated) {
    it(`${id}, estimated from a fixed stream`, { timeout: 30_000 }, () => {
      const returns = simulatedReturns(game(id), xorshift(20_260_301), rounds);
      for (const [market, value] of Object.entries(returns)) {
        expect([market, value > low && value < high]).toEqual([market, true]);
      }
    });
  }
});
