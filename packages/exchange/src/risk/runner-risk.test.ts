import { describe, expect, it } from 'vitest';
import { ExchangeMarket } from '../book/exchange-market.ts';
import { orderInput, tick, unwrap, type OrderRow } from '../test-support/engines.ts';
import { RunnerMarketRisk } from './runner-market-risk.ts';
import { holdIncreaseMinor, outcomePnlMinor, runnerExposureMinor, type RunnerBet } from './runner-bets.ts';

/** Places rows on a fresh 3-runner market (A, B, Draw) and feeds every event to a risk tracker. */
function trade(rows: readonly OrderRow[]) {
  const market = unwrap(ExchangeMarket.create(3));
  const risk = unwrap(RunnerMarketRisk.create(3));
  for (const row of rows) risk.apply(unwrap(market.place(orderInput(row))).events);
  return { market, risk };
}

const A = 0;
const B = 1;
// Each row: the account's orders (matched against a counterparty "mm" where stated), its P&L if A,
// B or the Draw wins, and its exposure (the worst of the three).
const EXPOSURE_TABLE: ReadonlyArray<{
  name: string;
  rows: readonly OrderRow[];
  pnl: readonly [number, number, number];
  exposure: number;
}> = [
  {
    name: 'matched back A 100 @ 2.50',
    rows: [
      ['m1', 'mm', 'LAY', '2.50', 100, A],
      ['o1', 'alice', 'BACK', '2.50', 100, A],
    ],
    pnl: [150, -100, -100],
    exposure: 100,
  },
  {
    name: 'matched lay A 100 @ 2.50: liability 150',
    rows: [
      ['m1', 'mm', 'BACK', '2.50', 100, A],
      ['o1', 'alice', 'LAY', '2.50', 100, A],
    ],
    pnl: [-150, 100, 100],
    exposure: 150,
  },
  {
    name: 'back A @ 3.00 then lay A @ 2.50 (traded out in profit on A only)',
    rows: [
      ['m1', 'mm', 'LAY', '3.00', 100, A],
      ['o1', 'alice', 'BACK', '3.00', 100, A],
      ['m2', 'mm', 'BACK', '2.50', 100, A],
      ['o2', 'alice', 'LAY', '2.50', 100, A],
    ],
    pnl: [50, 0, 0],
    exposure: 0,
  },
  {
    name: 'net across runners: back A 100 @ 2.00 and back B 100 @ 3.00',
    rows: [
      ['m1', 'mm', 'LAY', '2.00', 100, A],
      ['o1', 'alice', 'BACK', '2.00', 100, A],
      ['m2', 'mm', 'LAY', '3.00', 100, B],
      ['o2', 'alice', 'BACK', '3.00', 100, B],
    ],
    pnl: [0, 100, -200],
    exposure: 200,
  },
  {
    name: 'unmatched back A 100 @ 2.00 counts only its stake',
    rows: [['o1', 'alice', 'BACK', '2.00', 100, A]],
    pnl: [0, -100, -100],
    exposure: 100,
  },
  {
    name: 'unmatched lay A 100 @ 3.00 counts only its liability',
    rows: [['o1', 'alice', 'LAY', '3.00', 100, A]],
    pnl: [-200, 0, 0],
    exposure: 200,
  },
  {
    name: 'a lay taking a better price lowers the liability to the matched price',
    rows: [
      ['m1', 'mm', 'BACK', '2.00', 100, A],
      ['o1', 'alice', 'LAY', '3.00', 100, A],
    ],
    pnl: [-100, 100, 100],
    exposure: 100,
  },
];

describe('runner market exposure', () => {
  it.each(EXPOSURE_TABLE)('$name', ({ rows, pnl, exposure }) => {
    const { risk } = trade(rows);
    expect(risk.outcomePnlMinor('alice')).toEqual(pnl.map(BigInt));
    expect(risk.exposureMinor('alice')).toBe(BigInt(exposure));
  });

  it('a hedging order needs no new hold; an adding one needs the increase', () => {
    const { risk } = trade([
      ['m1', 'mm', 'LAY', '3.00', 100, A],
      ['o1', 'alice', 'BACK', '3.00', 100, A],
    ]);
    const hedge = { runnerIndex: A, side: 'LAY' as const, priceTick: tick('2.00'), sizeMinor: 100 };
    expect(unwrap(risk.holdIncreaseMinor('alice', hedge))).toBe(0n);
    const more = { runnerIndex: B, side: 'BACK' as const, priceTick: tick('4.00'), sizeMinor: 50 };
    expect(unwrap(risk.holdIncreaseMinor('alice', more))).toBe(50n);
    expect(risk.exposureMinor('alice')).toBe(100n);
  });

  it('the pure bet-list functions agree with the hand-worked numbers', () => {
    const bets: RunnerBet[] = [
      { runnerIndex: A, side: 'BACK', sizeMinor: 100n, priceHundredths: 300, matched: true },
      { runnerIndex: A, side: 'LAY', sizeMinor: 100n, priceHundredths: 250, matched: true },
    ];
    expect(outcomePnlMinor(bets, 3)).toEqual([50n, 0n, 0n]);
    expect(runnerExposureMinor(bets, 3)).toBe(0n);
    const layB = {
      runnerIndex: B,
      side: 'LAY' as const,
      sizeMinor: 10n,
      priceHundredths: 1000,
      matched: false,
    };
    expect(holdIncreaseMinor(bets, layB, 3)).toBe(90n);
  });

  it('bookmaker bets use rates: back at 45 wins 0.45 per 1, lay at 45 risks 0.45 per 1', () => {
    const risk = unwrap(RunnerMarketRisk.create(2));
    expect(
      unwrap(risk.addBookmakerBet('alice', { runnerIndex: 0, side: 'BACK', stakeMinor: 1000n, rate: 45 })),
    ).toEqual({ accountId: 'alice', exposureMinor: 1000n });
    expect(risk.outcomePnlMinor('alice')).toEqual([450n, -1000n]);
    unwrap(risk.addBookmakerBet('bob', { runnerIndex: 0, side: 'LAY', stakeMinor: 1000n, rate: 45 }));
    expect(risk.outcomePnlMinor('bob')).toEqual([-450n, 1000n]);
    expect(risk.addBookmakerBet('bob', { runnerIndex: 0, side: 'LAY', stakeMinor: 1000n, rate: 0 })).toEqual({
      ok: false,
      code: 'INVALID_RATE',
    });
  });
});

describe('RunnerMarketRisk.moveMatched', () => {
  const fill = {
    type: 'FILL',
    runnerIndex: 0,
    priceTick: 0,
    sizeMinor: 1000,
    takerSide: 'BACK',
    takerOrderId: 't',
    takerAccountId: 'backer',
    makerOrderId: 'm',
    makerAccountId: 'layer',
    makerRemainingMinor: 0,
  } as const;

  it('reprices both sides of a fill and takes one out exactly', () => {
    const market = unwrap(RunnerMarketRisk.create(3));
    market.apply([{ ...fill, priceTick: tick('8.0') }]);
    expect(market.exposureMinor('layer')).toBe(7000n);
    const matched = {
      runnerIndex: 0,
      takerSide: 'BACK',
      sizeMinor: 1000n,
      takerAccountId: 'backer',
      makerAccountId: 'layer',
    } as const;
    const changes = market.moveMatched(matched, 800, 600);
    expect(changes).toEqual([
      { accountId: 'backer', exposureMinor: 1000n },
      { accountId: 'layer', exposureMinor: 5000n },
    ]);
    expect(market.outcomePnlMinor('backer')).toEqual([5000n, -1000n, -1000n]);
    market.moveMatched(matched, 600, null);
    expect(market.exposureMinor('layer')).toBe(0n);
    expect(market.outcomePnlMinor('backer')).toEqual([0n, 0n, 0n]);
  });
});
