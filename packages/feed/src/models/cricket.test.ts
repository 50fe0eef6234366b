import { describe, expect, it } from 'vitest';
import { lastScore, ofType, playOut, sumOf, type Recorded } from '../test-support/run-model.ts';
import { InningsTable } from './cricket-ball.ts';
import { matchChances } from './cricket-odds.ts';
import { createCricket } from './cricket.ts';

const even = new InningsTable(0);
const chase = (runs: number, wickets: number, balls: number, target = 170) =>
  matchChances(1, { runs: target - 1, wickets: 6, balls: 120 }, { runs, wickets, balls }, even, even);

describe('cricket chances', () => {
  it('expects a first-innings total in the usual T20 range and about 6-7 wickets', () => {
    const { mean, variance } = even.remaining(0, 0);
    expect(mean).toBeGreaterThan(145);
    expect(mean).toBeLessThan(175);
    expect(Math.sqrt(variance)).toBeGreaterThan(15);
    expect(Math.sqrt(variance)).toBeLessThan(40);
  });

  it('raises the chasing side on a six and lowers it on a wicket, from many states', () => {
    for (const [runs, wickets, balls] of [
      [40, 1, 36],
      [90, 3, 72],
      [120, 5, 96],
      [150, 7, 110],
    ] as const) {
      const before = chase(runs, wickets, balls).second;
      expect(chase(runs + 6, wickets, balls + 1).second).toBeGreaterThan(before);
      expect(chase(runs, wickets + 1, balls + 1).second).toBeLessThan(before);
      expect(chase(runs, wickets, balls + 1).second).toBeLessThan(before); // a dot ball
    }
  });

  it('has a small tie chance and the three chances sum to one', () => {
    const start = matchChances(
      0,
      { runs: 0, wickets: 0, balls: 0 },
      { runs: 0, wickets: 0, balls: 0 },
      even,
      even,
    );
    expect(start.tie).toBeGreaterThan(0.002);
    expect(start.tie).toBeLessThan(0.03);
    expect(start.first + start.second + start.tie).toBeCloseTo(1, 9);
    const lastBall = chase(168, 9, 119);
    expect(lastBall.tie).toBeGreaterThan(0.1);
  });
});

function innings(events: Recorded[]) {
  return ofType(events, 'SCORE').map((event) => event.score);
}

describe('a simulated T20', () => {
  const matches = Array.from({ length: 60 }, (_, i) => playOut(createCricket, `t20-${i}`, 'cricket').events);

  it('settles match odds, bookmaker and tied match consistently with the final score', () => {
    for (const events of matches) {
      const [home, away] = lastScore(events).values as [number, number];
      const results = new Map(
        ofType(events, 'RESULT').map((event) => [event.marketId.split('.')[1], event.outcome]),
      );
      const winner = results.get('match-odds');
      expect(results.get('bookmaker')).toEqual(winner);
      expect(results.get('tied-match')).toEqual({
        kind: 'WINNER',
        winnerRunnerId: home === away ? 'yes' : 'no',
      });
      if (home !== away)
        expect(winner).toEqual({ kind: 'WINNER', winnerRunnerId: home > away ? 'home' : 'away' });
    }
  });

  it('settles every line once with the runs at its over, and publishes prices that sum exactly', () => {
    for (const events of matches) {
      const lineResults = ofType(events, 'RESULT').filter((event) => event.outcome.kind === 'LINE');
      expect(lineResults).toHaveLength(10);
      for (const prices of ofType(events, 'FAIR_PRICES'))
        for (const ppm of Object.values(prices.prices)) expect(sumOf(ppm)).toBe(1_000_000);
      for (const line of ofType(events, 'LINE')) expect(sumOf(line.probabilitiesPpm)).toBe(1_000_000);
      const sixOver = lineResults.find((event) => event.marketId.endsWith('i1-6-over-runs'))!;
      const atSix = innings(events).find(
        (score) => score.period === '1st innings' && / \(6\.0 ov\)/.test(score.summary),
      );
      if (atSix)
        expect(sixOver.outcome).toEqual({
          kind: 'LINE',
          lineResult: Number(/ (\d+)\//.exec(atSix.summary)![1]),
        });
    }
  });

  it('suspends on a wicket and resumes at the next delivery', () => {
    let wickets = 0;
    for (const events of matches) {
      events.forEach((event, index) => {
        if (event.type !== 'SUSPEND' || event.reason !== 'WICKET' || !event.marketId.endsWith('match-odds'))
          return;
        wickets++;
        expect(events.slice(index).find((e) => e.type === 'SCORE')!.score.lastEvent).toBe('W');
        const resume = events.slice(index).find((e) => e.type === 'RESUME' && e.marketId === event.marketId);
        expect(resume!.offsetMs).toBeGreaterThan(event.offsetMs);
      });
    }
    expect(wickets).toBeGreaterThan(300);
  });

  it('averages first-innings totals and wickets like T20 cricket', () => {
    const firstInnings = matches.map((events) =>
      innings(events)
        .filter((score) => score.period === '1st innings')
        .at(-1)!,
    );
    const totals = firstInnings.map((score) => Number(/ (\d+)\//.exec(score.summary)![1]));
    const average = totals.reduce((a, b) => a + b, 0) / totals.length;
    expect(average).toBeGreaterThan(145);
    expect(average).toBeLessThan(180);
  });

  it('moves the batting side up after a six and down after a wicket, on average over matches', () => {
    const moves: Record<string, number[]> = { '6': [], W: [] };
    for (const events of matches) {
      let previous: Record<string, number> | null = null;
      let pending: { outcome: string; side: string } | null = null;
      for (const event of events) {
        if (event.type === 'SCORE') {
          const side = event.score.summary.startsWith('Home') ? 'home' : 'away';
          pending = event.score.lastEvent in moves ? { outcome: event.score.lastEvent, side } : null;
        }
        if (event.type !== 'FAIR_PRICES') continue;
        const current = event.prices['f.match-odds']!;
        if (pending && previous)
          moves[pending.outcome]!.push(current[pending.side]! - previous[pending.side]!);
        previous = current;
        pending = null;
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(moves['6']!.length).toBeGreaterThan(200);
    expect(mean(moves['6']!)).toBeGreaterThan(10_000); // > 1 percentage point
    expect(mean(moves.W!)).toBeLessThan(-10_000);
  });

  it('lasts about three and a half hours of simulated time', () => {
    const durationsMin = matches.map((events) => events.at(-1)!.offsetMs / 60_000);
    const average = durationsMin.reduce((a, b) => a + b, 0) / durationsMin.length;
    expect(average).toBeGreaterThan(170);
    expect(average).toBeLessThan(220);
  });
});
