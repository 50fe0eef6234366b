import { describe, expect, it } from 'vitest';
import { lastScore, ofType, playOut, sumOf } from '../test-support/run-model.ts';
import { createFootball, ESOCCER, FOOTBALL, footballChances } from './football.ts';

const football = createFootball(FOOTBALL);
const matches = Array.from({ length: 2000 }, (_, i) => playOut(football, `fb-${i}`).events);

describe('football chances', () => {
  it('come from the remaining-time Poisson counts', () => {
    const [home, draw, away] = footballChances(0, 0, 1.5, 1.1);
    expect(home + draw + away).toBeCloseTo(1, 9);
    expect(home).toBeGreaterThan(away);
    expect(footballChances(1, 0, 0, 0)).toEqual([1, 0, 0]);
    expect(footballChances(2, 2, 0, 0)[1]).toBe(1);
  });
});

describe('simulated football', () => {
  it('averages about 2.6 goals and wins at home about 45% of the time (2,000 matches)', () => {
    const finals = matches.map((events) => lastScore(events).values as [number, number]);
    const goals = finals.reduce((sum, [h, a]) => sum + h + a, 0) / finals.length;
    const homeWins = finals.filter(([h, a]) => h > a).length / finals.length;
    const draws = finals.filter(([h, a]) => h === a).length / finals.length;
    expect(goals).toBeGreaterThan(2.45);
    expect(goals).toBeLessThan(2.85);
    expect(homeWins).toBeGreaterThan(0.4);
    expect(homeWins).toBeLessThan(0.5);
    expect(draws).toBeGreaterThan(0.2);
    expect(draws).toBeLessThan(0.32);
  });

  it('prices pre-match home wins in line with how often they happen (calibration)', () => {
    let expected = 0;
    let actual = 0;
    for (const events of matches) {
      expected += ofType(events, 'FAIR_PRICES')[0]!.prices['f.match-odds']!.home! / 1_000_000;
      const [h, a] = lastScore(events).values as [number, number];
      actual += h > a ? 1 : 0;
    }
    expect(Math.abs(expected - actual) / matches.length).toBeLessThan(0.03);
  });

  it('settles the winner from the final score and suspends on goals until the next minute', () => {
    for (const events of matches.slice(0, 300)) {
      const [h, a] = lastScore(events).values as [number, number];
      const [result] = ofType(events, 'RESULT');
      expect(result!.outcome).toEqual({
        kind: 'WINNER',
        winnerRunnerId: h > a ? 'home' : h < a ? 'away' : 'draw',
      });
      const goals = ofType(events, 'SUSPEND').filter((event) => event.reason === 'GOAL');
      const totals = ofType(events, 'SCORE').map((event) => event.score.values[0]! + event.score.values[1]!);
      expect(goals.length).toBe(totals.filter((total, i) => total > (i === 0 ? 0 : totals[i - 1]!)).length);
      for (const goal of goals) {
        const resume = ofType(events, 'RESUME').find((event) => event.offsetMs > goal.offsetMs);
        const settled = result!.offsetMs === goal.offsetMs;
        if (!settled)
          expect(resume!.offsetMs - goal.offsetMs).toBeLessThanOrEqual(
            FOOTBALL.minuteMs + FOOTBALL.halfTimeMs,
          );
      }
      for (const prices of ofType(events, 'FAIR_PRICES'))
        expect(sumOf(prices.prices['f.match-odds']!)).toBe(1_000_000);
    }
  });

  it('plays esoccer faster and higher scoring', () => {
    const esoccer = Array.from({ length: 300 }, (_, i) => playOut(createFootball(ESOCCER), `es-${i}`).events);
    const goals =
      esoccer.reduce((sum, events) => sum + lastScore(events).values.reduce((a, b) => a + b, 0), 0) / 300;
    expect(goals).toBeGreaterThan(4.3);
    expect(esoccer[0]!.at(-1)!.offsetMs).toBeLessThan(20 * 60_000);
  });
});
