import { describe, expect, it } from 'vitest';
import { ofType, playOut, sumOf } from '../test-support/run-model.ts';
import type { Runner } from '../types.ts';
import { createOutright } from './outright.ts';
import { createRace, RACE_DURATION_MS } from './race.ts';

const field: Runner[] = Array.from({ length: 8 }, (_, i) => ({ id: `r${i + 1}`, name: `Runner ${i + 1}` }));

describe('races', () => {
  const races = Array.from(
    { length: 1500 },
    (_, i) => playOut(createRace, `race-${i}`, 'horse-racing', field).events,
  );

  it('prices before the off, suspends at the off and settles a full finishing order', () => {
    for (const events of races.slice(0, 200)) {
      expect(events.map((event) => event.type)).toEqual([
        'FAIR_PRICES',
        'SUSPEND',
        'SCORE',
        'SCORE',
        'RESULT',
      ]);
      expect(ofType(events, 'SUSPEND')[0]!.reason).toBe('OFF');
      const result = ofType(events, 'RESULT')[0]!;
      expect(result.offsetMs).toBe(RACE_DURATION_MS['horse-racing']);
      if (result.outcome.kind !== 'WINNER') throw new Error('expected a winner');
      expect([...result.outcome.placings!].sort()).toEqual(field.map((runner) => runner.id).sort());
      expect(result.outcome.placings![0]).toBe(result.outcome.winnerRunnerId);
    }
  });

  it('lets favourites win as often as their price says (calibration)', () => {
    let expected = 0;
    let actual = 0;
    for (const events of races) {
      const prices = ofType(events, 'FAIR_PRICES')[0]!.prices['f.match-odds']!;
      expect(sumOf(prices)).toBe(1_000_000);
      const [favourite, ppm] = Object.entries(prices).sort((a, b) => b[1] - a[1])[0]!;
      expected += ppm / 1_000_000;
      const result = ofType(events, 'RESULT')[0]!.outcome;
      actual += result.kind === 'WINNER' && result.winnerRunnerId === favourite ? 1 : 0;
    }
    expect(Math.abs(expected - actual) / races.length).toBeLessThan(0.04);
  });
});

describe('outrights', () => {
  it('count over a long period and declare the leader at the end', () => {
    for (let i = 0; i < 50; i++) {
      const { events } = playOut(createOutright, `poll-${i}`, 'politics', field.slice(0, 4));
      const result = ofType(events, 'RESULT')[0]!;
      const last = ofType(events, 'SCORE').at(-1)!.score;
      expect(last.summary).toContain('Counted 100%');
      const leaderName = last.summary.split('leading ')[1];
      const leader = field.find((runner) => runner.name === leaderName)!;
      expect(result.outcome).toEqual({ kind: 'WINNER', winnerRunnerId: leader.id });
      expect(result.offsetMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    }
  });
});
