import { describe, expect, it } from 'vitest';
import { MAX_TICK, priceHundredthsOfTick, tickOfPriceHundredths } from '../ladder.ts';
import { randomOf, subsets } from '../test-support/winner-sets.ts';
import { AccountPosition } from './account-position.ts';
import { planGreenUp, type BestTicks, type GreenUpPlan } from './green-up.ts';

const tick = (priceHundredths: number): number => {
  const found = tickOfPriceHundredths(priceHundredths);
  if (!found.ok) throw new Error(`${priceHundredths} is off the ladder`);
  return found.value;
};

function randomPosition(random: (below: number) => number, runnerCount: number): AccountPosition {
  const position = new AccountPosition(runnerCount);
  for (let bet = 1 + random(8); bet > 0; bet--) {
    const side = random(2) === 0 ? 'BACK' : 'LAY';
    const sizeMinor = BigInt(1 + random(100_000));
    position.addMatched(random(runnerCount), side, sizeMinor, 101 + random(1_900));
  }
  return position;
}

/** Places the legs as matched fills, bet by bet as the risk counts a fill, independent of the plan. */
function applyLegs(position: AccountPosition, plan: GreenUpPlan): void {
  for (const leg of plan.legs)
    position.addMatched(leg.runnerIndex, leg.side, leg.stakeMinor, priceHundredthsOfTick(leg.priceTick));
}

/** The settled P&L of every set of `winners` runners. */
function everySet(position: AccountPosition, winners: number): bigint[] {
  return subsets(position.runnerCount, winners).map((set) => position.settledPnlMinor(new Set(set)));
}

/** One stake unit at the price moves a runner's gain by up to the price, rounded up: the most left. */
const roundingMinor = (ticks: readonly BestTicks[]): bigint =>
  ticks.reduce((total, { back, lay }) => {
    const hundredths = Math.max(priceHundredthsOfTick(back!), priceHundredthsOfTick(lay!));
    return total + BigInt(Math.ceil(hundredths / 100));
  }, 0n);

describe('cash out on a market paying several winners', () => {
  it('leaves the quoted profit on every set of winners, within one stake unit per runner', () => {
    const random = randomOf(285);
    let planned = 0;
    for (let round = 0; round < 400; round++) {
      const runnerCount = 2 + random(6);
      const winners = 2 + random(runnerCount - 1);
      const position = randomPosition(random, runnerCount);
      const ticks = Array.from({ length: runnerCount }, () => {
        const back = random(MAX_TICK + 1);
        return { back, lay: random(MAX_TICK + 1) };
      });
      const plan = planGreenUp(position.outcomes(), ticks, winners);
      if (plan === null) continue;
      planned++;
      applyLegs(position, plan);
      expect(position.outcomes()).toEqual(plan.after);
      const pnl = everySet(position, winners);
      const low = pnl.reduce((a, b) => (b < a ? b : a));
      const high = pnl.reduce((a, b) => (b > a ? b : a));
      expect(low).toBe(plan.profitMinor);
      expect(high - low).toBeLessThanOrEqual(roundingMinor(ticks));
    }
    expect(planned).toBeGreaterThan(350);
  });

  it('greens up each runner on its own: back 100 @ 3, lay 100 @ 2, back 100 @ 5, two winners', () => {
    const position = new AccountPosition(3);
    position.addMatched(0, 'BACK', 10_000n, 300);
    position.addMatched(1, 'LAY', 10_000n, 200);
    position.addMatched(2, 'BACK', 10_000n, 500);
    const ticks = [
      { back: undefined, lay: tick(250) },
      { back: tick(250), lay: undefined },
      { back: undefined, lay: tick(400) },
    ];
    const plan = planGreenUp(position.outcomes(), ticks, 2)!;
    // A gains 300.00 by winning: lay 120.00 @ 2.50; B loses 200.00: back 80.00 @ 2.50; C: lay 125.00 @ 4.
    expect(plan.legs).toEqual([
      { runnerIndex: 0, side: 'LAY', priceTick: tick(250), stakeMinor: 12_000n },
      { runnerIndex: 1, side: 'BACK', priceTick: tick(250), stakeMinor: 8_000n },
      { runnerIndex: 2, side: 'LAY', priceTick: tick(400), stakeMinor: 12_500n },
    ]);
    // 20.00 + 20.00 + 25.00 whichever two place.
    expect(plan.profitMinor).toBe(6_500n);
    applyLegs(position, plan);
    expect(everySet(position, 2)).toEqual([6_500n, 6_500n, 6_500n]);
  });

  it('leaves a runner alone when its side has no price, and hedges the others', () => {
    const position = new AccountPosition(3);
    position.addMatched(0, 'BACK', 10_000n, 300);
    position.addMatched(1, 'LAY', 10_000n, 200);
    const plan = planGreenUp(
      position.outcomes(),
      [
        { back: tick(250), lay: undefined },
        { back: undefined, lay: undefined },
        { back: undefined, lay: undefined },
      ],
      2,
    );
    expect(plan).toBeNull();
    const partly = planGreenUp(
      position.outcomes(),
      [
        { back: undefined, lay: tick(250) },
        { back: undefined, lay: undefined },
        { back: 0, lay: 0 },
      ],
      2,
    )!;
    expect(partly.legs.map((leg) => leg.runnerIndex)).toEqual([0]);
    // A is flat at +20.00; B still pays −100.00 if it places and +100.00 if not: the worst pair holds B.
    expect(partly.after.winGainMinor).toEqual([0n, -20_000n, 0n]);
    expect(partly.profitMinor).toBe(2_000n + 10_000n - 20_000n);
  });

  it('still greens up each runner when every runner wins', () => {
    // Three runners, three winners: the result is certain (+200.00 − 100.00), yet each runner is hedged
    // at the book's price as on any other market, so the profit is what the prices now give.
    const position = new AccountPosition(3);
    position.addMatched(0, 'BACK', 10_000n, 300);
    position.addMatched(1, 'LAY', 10_000n, 200);
    expect(everySet(position, 3)).toEqual([10_000n]);
    const plan = planGreenUp(
      position.outcomes(),
      [
        { back: undefined, lay: tick(250) },
        { back: tick(250), lay: undefined },
        { back: 0, lay: 0 },
      ],
      3,
    )!;
    applyLegs(position, plan);
    expect(everySet(position, 3)).toEqual([plan.profitMinor]);
    expect(plan.profitMinor).toBe(4_000n);
  });
});
