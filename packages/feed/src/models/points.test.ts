import { describe, expect, it } from 'vitest';
import { SPORT_PROFILES } from '../sports.ts';
import { lastScore, ofType, playOut, sumOf } from '../test-support/run-model.ts';
import type { Sport } from '../types.ts';
import { raceChance, unitChance } from './race-to.ts';

const POINTS_SPORTS: Sport[] = [
  'table-tennis',
  'badminton',
  'basketball',
  'volleyball',
  'snooker',
  'ice-hockey',
  'american-football',
  'baseball',
  'boxing',
  'darts',
  'golf',
  'mixed-martial-arts',
  'rugby-league',
  'rugby-union',
];

describe('race-to chances', () => {
  it('are exact at the edges and symmetric for even players', () => {
    expect(raceChance(1, 1, 0.7)).toBeCloseTo(0.7, 12);
    expect(raceChance(2, 1, 0.5)).toBeCloseTo(0.25, 12);
    expect(unitChance(0, 0, 25, true, 0.5)).toBeCloseTo(0.5, 9);
    expect(unitChance(24, 24, 25, true, 0.6)).toBeCloseTo(0.36 / 0.52, 9);
    expect(unitChance(10, 0, 11, true, 0.5)).toBeGreaterThan(0.999);
  });
});

describe.each(POINTS_SPORTS)('%s', (sport) => {
  const matches = Array.from(
    { length: 80 },
    (_, i) => playOut(SPORT_PROFILES[sport].model, `${sport}-${i}`, sport).events,
  );

  it('settles the side with the better final score and prices every step exactly', () => {
    for (const events of matches) {
      const [home, away] = lastScore(events).values as [number, number];
      const result = ofType(events, 'RESULT')[0]!.outcome;
      if (result.kind !== 'WINNER') throw new Error('expected a winner');
      if (home > away) expect(result.winnerRunnerId).toBe('home');
      else if (away > home) expect(result.winnerRunnerId).toBe('away');
      else expect(['home', 'away', 'draw']).toContain(result.winnerRunnerId);
      for (const prices of ofType(events, 'FAIR_PRICES'))
        expect(sumOf(prices.prices['f.match-odds']!)).toBe(1_000_000);
    }
  });

  it('lasts between 10 minutes and 5 hours of simulated time', () => {
    const averageMin =
      matches.reduce((sum, events) => sum + events.at(-1)!.offsetMs, 0) / matches.length / 60_000;
    expect(averageMin).toBeGreaterThan(10);
    expect(averageMin).toBeLessThan(300);
  });
});
