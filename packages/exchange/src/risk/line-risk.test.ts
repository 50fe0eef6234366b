import { describe, expect, it } from 'vitest';
import { unwrap } from '../test-support/engines.ts';
import { lineExposureMinor, linePnlAt, type LineBet } from './line-bets.ts';
import { LineMarketRisk } from './line-market-risk.ts';

const yes = (line: number, stake: number, rate = 100): LineBet => ({
  kind: 'YES',
  line,
  stakeMinor: BigInt(stake),
  rate,
});
const no = (line: number, stake: number, rate = 100): LineBet => ({
  kind: 'NO',
  line,
  stakeMinor: BigInt(stake),
  rate,
});

// Each row: bets, P&L at sample final values, and the worst case over all final values.
const FANCY_TABLE: ReadonlyArray<{
  name: string;
  bets: LineBet[];
  pnlAt: ReadonlyArray<readonly [number, number]>;
  exposure: number;
}> = [
  {
    name: 'YES 46 @ 100',
    bets: [yes(46, 100)],
    pnlAt: [
      [45, -100],
      [46, 100],
    ],
    exposure: 100,
  },
  {
    name: 'UNDER 45 @ 90 risks 100 to win 90',
    bets: [{ kind: 'UNDER', line: 45, stakeMinor: 100n, rate: 90 }],
    pnlAt: [
      [44, 90],
      [45, -100],
    ],
    exposure: 100,
  },
  {
    name: 'NO 45 @ 110 risks 110 to win 100',
    bets: [no(45, 100, 110)],
    pnlAt: [
      [44, 100],
      [45, -110],
    ],
    exposure: 110,
  },
  {
    name: 'YES 46 + NO 50: the middle wins both, nothing can lose',
    bets: [yes(46, 100), no(50, 100)],
    pnlAt: [
      [45, 0],
      [48, 200],
      [50, 0],
    ],
    exposure: 0,
  },
  {
    name: 'NO 46 + YES 50: the middle loses both',
    bets: [no(46, 100), yes(50, 100)],
    pnlAt: [
      [45, 0],
      [47, -200],
      [51, 0],
    ],
    exposure: 200,
  },
  {
    name: 'KHADO 40 range 5 @ 400 wins only for 40..44',
    bets: [{ kind: 'KHADO', line: 40, rangeRuns: 5, stakeMinor: 100n, rate: 400 }],
    pnlAt: [
      [39, -100],
      [40, 400],
      [44, 400],
      [45, -100],
    ],
    exposure: 100,
  },
  {
    name: 'ODD + EVEN at 98 each lose 2 whatever happens',
    bets: [
      { kind: 'ODD', line: 0, stakeMinor: 100n, rate: 98 },
      { kind: 'EVEN', line: 0, stakeMinor: 100n, rate: 98 },
    ],
    pnlAt: [
      [7, -2],
      [8, -2],
    ],
    exposure: 2,
  },
];

describe('fancy (line) exposure over every final value', () => {
  it.each(FANCY_TABLE)('$name', ({ bets, pnlAt, exposure }) => {
    for (const [value, pnl] of pnlAt) expect(linePnlAt(bets, value)).toBe(BigInt(pnl));
    expect(lineExposureMinor(bets)).toBe(BigInt(exposure));
    // Brute force over a wide range of final values agrees with the breakpoint method.
    let worst = 0n;
    for (let value = 0; value <= 120; value++)
      if (linePnlAt(bets, value) < worst) worst = linePnlAt(bets, value);
    expect(-worst).toBe(BigInt(exposure));
  });

  it('a hedging NO needs no new hold', () => {
    const risk = new LineMarketRisk();
    unwrap(risk.addBet('alice', yes(46, 100)));
    expect(unwrap(risk.holdIncreaseMinor('alice', no(50, 100)))).toBe(0n);
    // NO 44 below the YES 46 leaves 44..45 losing both bets: the hold doubles.
    expect(unwrap(risk.holdIncreaseMinor('alice', no(44, 100)))).toBe(100n);
    expect(unwrap(risk.holdIncreaseMinor('alice', yes(50, 100)))).toBe(100n);
  });

  it('rejects bad lines, rates and stakes', () => {
    const risk = new LineMarketRisk();
    expect(risk.addBet('a', yes(-1, 100))).toEqual({ ok: false, code: 'INVALID_LINE' });
    expect(risk.addBet('a', yes(10, 100, 0))).toEqual({ ok: false, code: 'INVALID_RATE' });
    expect(risk.addBet('a', yes(10, 0))).toEqual({ ok: false, code: 'INVALID_SIZE' });
    expect(risk.addBet('a', { kind: 'KHADO', line: 3, stakeMinor: 1n, rate: 100 })).toEqual({
      ok: false,
      code: 'INVALID_LINE',
    });
    expect(risk.exposureMinor('a')).toBe(0n);
  });
});
