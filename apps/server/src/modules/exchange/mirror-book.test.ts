import { tickOfDecimalOdds } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { mirrorQuotes, sizeWithinCap, type MirrorBook } from './mirror-book.ts';

const tick = (price: string) => {
  const result = tickOfDecimalOdds(price);
  if (!result.ok) throw new Error(price);
  return result.value;
};

const book = (runners: MirrorBook['runners']): MirrorBook => ({ status: 'OPEN', inPlay: false, runners });
const tenPercent = { ticks: 0, sizeBasisPoints: 1_000n };

describe('mirrorQuotes', () => {
  it("lays at the source's three best backs and backs at its three best lays, a tenth of each size", () => {
    const quotes = mirrorQuotes(
      book([
        {
          runnerId: 'r1',
          removed: false,
          atb: [
            [2.5, 100],
            [2.48, 250.5],
            [2.46, 30],
            [2.44, 999],
          ],
          atl: [
            [2.52, 80],
            [2.54, 12.34],
            [2.56, 1000],
          ],
        },
      ]),
      ['r1', 'r2'],
      tenPercent,
    );
    expect(quotes).toEqual([
      { runnerIndex: 0, side: 'LAY', priceTick: tick('2.5'), sizeMinor: 1_000n },
      { runnerIndex: 0, side: 'BACK', priceTick: tick('2.52'), sizeMinor: 800n },
      { runnerIndex: 0, side: 'LAY', priceTick: tick('2.48'), sizeMinor: 2_505n },
      // 10 % of 12.34 is 1.234: the part of a cent is not offered.
      { runnerIndex: 0, side: 'BACK', priceTick: tick('2.54'), sizeMinor: 123n },
      { runnerIndex: 0, side: 'LAY', priceTick: tick('2.46'), sizeMinor: 300n },
      { runnerIndex: 0, side: 'BACK', priceTick: tick('2.56'), sizeMinor: 10_000n },
    ]);
  });

  it("moves each price the given ticks to the player's cost, and skips what is off the ladder", () => {
    const quotes = mirrorQuotes(
      book([
        {
          runnerId: 'r2',
          removed: false,
          atb: [
            [2.51, 100],
            [2.5, 100],
          ],
          atl: [
            [1000, 10],
            [3.05, 10],
          ],
        },
      ]),
      ['r1', 'r2'],
      { ticks: 2, sizeBasisPoints: 1_000n },
    );
    // 2.51 is no price on the ladder; 1000 has no tick above it.
    expect(quotes.map((quote) => [quote.runnerIndex, quote.side, quote.priceTick])).toEqual([
      [1, 'LAY', tick('2.46')],
      [1, 'BACK', tick('3.15')],
    ]);
  });

  it('quotes no runner the source removed and none the market does not have', () => {
    const levels: [number, number][] = [[2, 100]];
    const quotes = mirrorQuotes(
      book([
        { runnerId: 'r1', removed: true, atb: levels, atl: [[2.02, 100]] },
        { runnerId: 'elsewhere', removed: false, atb: levels, atl: [] },
      ]),
      ['r1', 'r2'],
      tenPercent,
    );
    expect(quotes).toEqual([]);
  });
});

describe('sizeWithinCap', () => {
  const lay = { runnerIndex: 0, side: 'LAY', priceTick: tick('3'), sizeMinor: 100_000n } as const;
  const back = { runnerIndex: 0, side: 'BACK', priceTick: tick('3'), sizeMinor: 100_000n } as const;
  /** A position that neither wins nor loses on a runner that loses: its P&L if each wins alone. */
  const ifWins = (pnl: bigint[]) => ({ loseMinor: pnl.map(() => 0n), winGainMinor: pnl });

  it("sizes a lay so that its liability fits what the cap leaves on its runner's outcome", () => {
    // Cap 100.00 and a flat book: a lay at 3.0 may be 50.00 (liability 100.00).
    expect(sizeWithinCap(lay, ifWins([0n, 0n]), 1, 10_000n)).toBe(5_000n);
    // Already 40.00 down if runner 1 wins: 30.00 more.
    expect(sizeWithinCap(lay, ifWins([-4_000n, 0n]), 1, 10_000n)).toBe(3_000n);
    expect(sizeWithinCap(lay, ifWins([-10_000n, 0n]), 1, 10_000n)).toBe(0n);
    expect(sizeWithinCap(lay, ifWins([0n, 0n]), 1, 100_000_000n)).toBe(100_000n);
  });

  it("sizes a back by the worst of the other runners' outcomes", () => {
    expect(sizeWithinCap(back, ifWins([0n, -2_500n, -1_000n]), 1, 10_000n)).toBe(7_500n);
  });

  it('counts every runner of a set of winners: two lays already down both pay when two win', () => {
    // The house is 40.00 down if runner 0 wins and 30.00 if runner 1 does: both win in a 2-winner market.
    const position = ifWins([-4_000n, -3_000n, 0n]);
    expect(sizeWithinCap(lay, position, 1, 10_000n)).toBe(3_000n);
    expect(sizeWithinCap(lay, position, 2, 10_000n)).toBe(1_500n);
    const backOn2 = { ...back, runnerIndex: 2 };
    expect(sizeWithinCap(backOn2, position, 1, 10_000n)).toBe(6_000n);
    expect(sizeWithinCap(backOn2, position, 2, 10_000n)).toBe(3_000n);
    // Every runner wins: a back's stake is never lost.
    expect(sizeWithinCap(backOn2, position, 3, 10_000n)).toBe(10_000n);
  });
});
