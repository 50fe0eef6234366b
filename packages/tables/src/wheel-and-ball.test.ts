import { describe, expect, it } from 'vitest';
import { marketOf, tableGame } from './catalogue.ts';
import { betReturnMinor } from './settle.ts';
import { floats } from './test-support/sources.ts';

const roulette = tableGame('roulette')!;
const ball = tableGame('ball-by-ball')!;
const paid = (game: typeof roulette, marketId: string, outcome: ReturnType<typeof roulette.deal>) =>
  betReturnMinor(10_000n, marketId, marketOf(game, marketId)!.oddsHundredths, outcome);

describe('Roulette', () => {
  it('the pocket is ⌊float × 37⌋ and pays straight up 35 to 1 and the outside bets it belongs to', () => {
    const outcome = roulette.deal(floats(17.5 / 37));
    expect(outcome).toMatchObject({ number: 17, winner: '17 Black' });
    expect([...outcome.winningMarkets].sort()).toEqual([
      'black',
      'column-2',
      'dozen-2',
      'low',
      'n-17',
      'odd',
    ]);
    expect(paid(roulette, 'n-17', outcome)).toBe(360_000n);
    expect(paid(roulette, 'dozen-2', outcome)).toBe(30_000n);
    expect(paid(roulette, 'red', outcome)).toBe(0n);
  });
  it('on zero every outside bet loses', () => {
    const outcome = roulette.deal(floats(0));
    expect(outcome).toMatchObject({ number: 0, winner: '0 Green', winningMarkets: ['n-0'] });
    for (const id of ['red', 'black', 'even', 'odd', 'low', 'high', 'dozen-1', 'column-3']) {
      expect(paid(roulette, id, outcome)).toBe(0n);
    }
  });
  it('offers 37 numbers and 12 outside bets, straight up capped at 1,000.00', () => {
    expect(roulette.markets).toHaveLength(49);
    expect(marketOf(roulette, 'n-36')).toMatchObject({ oddsHundredths: 3600, maxStakeMinor: 100_000n });
  });
});

describe('Ball by ball', () => {
  it('places ⌊float × 10,000⌋ on the cumulative chances of a delivery', () => {
    const cases: [number, string, string[]][] = [
      [0, '0', ['runs-0']],
      [0.3399, '0', ['runs-0']],
      [0.34, '1', ['runs-1']],
      [0.7, '2', ['runs-2']],
      [0.77, '3', ['runs-3']],
      [0.78, '4', ['runs-4', 'boundary']],
      [0.88, '6', ['runs-6', 'boundary']],
      [0.93, 'W', ['wicket']],
      [0.97, 'E', ['extra']],
      [0.99999, 'E', ['extra']],
    ];
    for (const [float, code, markets] of cases) {
      const outcome = ball.deal(floats(float));
      expect([outcome.ball, outcome.winningMarkets]).toEqual([code, markets]);
    }
  });
  it('has the spec’s markets and limits: Min 50.00, Max 25K, 20K on 6 Runs', () => {
    expect(ball.markets.map((m) => m.name)).toEqual([
      '0 Runs',
      '1 Run',
      '2 Runs',
      '3 Runs',
      '4 Runs',
      '6 Runs',
      'Boundary',
      'Wicket',
      'Extra Runs',
    ]);
    expect([ball.minStakeMinor, ball.maxStakeMinor]).toEqual([5_000n, 2_500_000n]);
    expect(marketOf(ball, 'runs-6')!.maxStakeMinor).toBe(2_000_000n);
    expect(marketOf(ball, 'runs-1')!.oddsHundredths).toBe(263);
  });
});
