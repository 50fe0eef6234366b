import { describe, expect, it } from 'vitest';
import { ExchangeMarket } from '../book/exchange-market.ts';
import { LineMarketRisk } from '../risk/line-market-risk.ts';
import { RunnerMarketRisk } from '../risk/runner-market-risk.ts';
import { orderInput, unwrap, type OrderRow } from '../test-support/engines.ts';

function settleAfter(rows: readonly OrderRow[], winners: number[], commissionBasisPoints: number) {
  const market = unwrap(ExchangeMarket.create(3));
  const risk = unwrap(RunnerMarketRisk.create(3));
  for (const row of rows) risk.apply(unwrap(market.place(orderInput(row))).events);
  risk.apply(unwrap(market.close()).events);
  const settlement = unwrap(risk.settle({ kind: 'WINNERS', runnerIndexes: winners }, commissionBasisPoints));
  const byAccount = Object.fromEntries(
    settlement.rows.map((row) => [
      row.accountId,
      [row.grossPnlMinor, row.commissionMinor, row.netPnlMinor, row.releasedHoldMinor].map(Number),
    ]),
  );
  return { settlement, byAccount, risk };
}

describe('runner market settlement with commission on net market winnings', () => {
  it('pays the net over runners, charges 5% only on the net win, and releases holds', () => {
    // alice backs A 100 @ 3.00 (from bob) and backs B 100 @ 2.00 (from carol); A wins.
    // alice: +200 on A, -100 on B = +100 net; commission 5% of 100 = 5, not 5% of 200.
    const { settlement, byAccount } = settleAfter(
      [
        ['b1', 'bob', 'LAY', '3.00', 100, 0],
        ['a1', 'alice', 'BACK', '3.00', 100, 0],
        ['c1', 'carol', 'LAY', '2.00', 100, 1],
        ['a2', 'alice', 'BACK', '2.00', 100, 1],
      ],
      [0],
      500,
    );
    // columns: gross, commission, net, released hold
    expect(byAccount).toEqual({
      bob: [-200, 0, -200, 200],
      alice: [100, 5, 95, 200],
      carol: [100, 5, 95, 100],
    });
    expect(settlement.totalGrossPnlMinor).toBe(0n);
    expect(settlement.totalCommissionMinor).toBe(10n);
  });

  it('rounds commission down and charges nothing on a net loss', () => {
    const { byAccount } = settleAfter(
      [
        ['b1', 'bob', 'LAY', '2.26', 100, 0],
        ['a1', 'alice', 'BACK', '2.26', 100, 0],
      ],
      [0],
      500,
    );
    // alice wins 126; 5% is 6.30, rounded down to 6. bob loses 126 and pays nothing.
    expect(byAccount).toEqual({ bob: [-126, 0, -126, 126], alice: [126, 6, 120, 100] });
  });

  it('void refunds everything; settling twice is refused', () => {
    const market = unwrap(ExchangeMarket.create(2));
    const risk = unwrap(RunnerMarketRisk.create(2));
    risk.apply(unwrap(market.place(orderInput(['b1', 'bob', 'LAY', '4.00', 100]))).events);
    risk.apply(unwrap(market.place(orderInput(['a1', 'alice', 'BACK', '4.00', 60]))).events);
    risk.apply(unwrap(market.close()).events);
    const settlement = unwrap(risk.settle({ kind: 'VOID' }, 500));
    expect(settlement.rows.map((row) => [row.accountId, row.grossPnlMinor, row.releasedHoldMinor])).toEqual([
      ['bob', 0n, 180n],
      ['alice', 0n, 60n],
    ]);
    expect(risk.settle({ kind: 'VOID' }, 500)).toEqual({ ok: false, code: 'ALREADY_SETTLED' });
  });

  it('rejects impossible results without settling', () => {
    const risk = unwrap(RunnerMarketRisk.create(2));
    expect(risk.settle({ kind: 'WINNERS', runnerIndexes: [2] }, 0)).toEqual({
      ok: false,
      code: 'INVALID_RESULT',
    });
    expect(risk.settle({ kind: 'WINNERS', runnerIndexes: [] }, 0)).toEqual({
      ok: false,
      code: 'INVALID_RESULT',
    });
    expect(risk.settle({ kind: 'WINNERS', runnerIndexes: [0] }, 10_001)).toEqual({
      ok: false,
      code: 'INVALID_ARGUMENT',
    });
    expect(risk.isSettled()).toBe(false);
  });
});

describe('line market settlement', () => {
  it('settles a fancy on its final value and refuses a second settlement', () => {
    const risk = new LineMarketRisk();
    unwrap(risk.addBet('alice', { kind: 'YES', line: 46, stakeMinor: 1000n, rate: 90 }));
    unwrap(risk.addBet('bob', { kind: 'NO', line: 46, stakeMinor: 1000n, rate: 110 }));
    const settlement = unwrap(risk.settle({ kind: 'FINAL_VALUE', value: 46 }, 0));
    expect(settlement.rows.map((row) => [row.accountId, row.grossPnlMinor, row.releasedHoldMinor])).toEqual([
      ['alice', 900n, 1000n],
      ['bob', -1100n, 1100n],
    ]);
    expect(risk.settle({ kind: 'VOID' }, 0)).toEqual({ ok: false, code: 'ALREADY_SETTLED' });
    expect(risk.addBet('alice', { kind: 'YES', line: 46, stakeMinor: 1n, rate: 90 })).toEqual({
      ok: false,
      code: 'ALREADY_SETTLED',
    });
  });
});
