import { describe, expect, it } from 'vitest';
import { lastScore, ofType, playOut, sumOf } from '../test-support/run-model.ts';
import { TennisMarkov } from './tennis-markov.ts';
import { createTennis } from './tennis.ts';

describe('tennis Markov chances', () => {
  it('matches the textbook game formula (p = 0.6 holds 73.6%)', () => {
    expect(TennisMarkov.hold(0.6, 0, 0)).toBeCloseTo(0.7357, 4);
    expect(TennisMarkov.hold(0.5, 3, 3)).toBeCloseTo(0.5, 9);
  });

  it('is even for equal players and favours the better server', () => {
    expect(new TennisMarkov(0.64, 0.64).match(0, 0, 0.5)).toBeCloseTo(0.5, 9);
    const markov = new TennisMarkov(0.66, 0.62);
    expect(markov.set(0, 0, true)).toBeGreaterThan(0.5);
    expect(markov.tiebreak(6, 6, true)).toBeGreaterThan(0.5);
    expect(markov.setInGame(5, 4, true, 3, 0)).toBeGreaterThan(markov.set(5, 4, true));
  });
});

describe('simulated tennis', () => {
  const matches = Array.from({ length: 300 }, (_, i) => playOut(createTennis, `tn-${i}`, 'tennis').events);

  it('settles the player who won two sets', () => {
    for (const events of matches) {
      const [a, b] = lastScore(events).values as [number, number];
      expect(Math.max(a, b)).toBe(2);
      const [result] = ofType(events, 'RESULT');
      expect(result!.outcome).toEqual({ kind: 'WINNER', winnerRunnerId: a > b ? 'home' : 'away' });
    }
  });

  it('suspends at a break point and resumes after the next point unless another follows', () => {
    let breakPoints = 0;
    for (const events of matches) {
      const suspends = ofType(events, 'SUSPEND').filter((event) => event.reason === 'BREAK_POINT');
      breakPoints += suspends.length;
      for (const suspend of suspends) {
        const next = events.find((event) => event.offsetMs > suspend.offsetMs)!;
        expect(['RESUME', 'SUSPEND', 'RESULT', 'SCORE']).toContain(next.type);
        if (next.type === 'SCORE') expect(next.score.lastEvent).toBe('MATCH');
      }
      const scores = ofType(events, 'SCORE').filter((event) => event.score.lastEvent === 'BREAK_POINT');
      expect(scores).toHaveLength(suspends.length);
    }
    expect(breakPoints).toBeGreaterThan(300 * 3);
  });

  it('prices are exact and calibrated against who actually wins', () => {
    let expected = 0;
    let actual = 0;
    for (const events of matches) {
      for (const prices of ofType(events, 'FAIR_PRICES'))
        expect(sumOf(prices.prices['f.match-odds']!)).toBe(1_000_000);
      expected += ofType(events, 'FAIR_PRICES')[0]!.prices['f.match-odds']!.home! / 1_000_000;
      actual += lastScore(events).values[0] === 2 ? 1 : 0;
    }
    expect(Math.abs(expected - actual) / matches.length).toBeLessThan(0.06);
  });

  it('takes one and a half to two and a half hours on average', () => {
    const averageMin =
      matches.reduce((sum, events) => sum + events.at(-1)!.offsetMs, 0) / matches.length / 60_000;
    expect(averageMin).toBeGreaterThan(80);
    expect(averageMin).toBeLessThan(150);
  });
});
