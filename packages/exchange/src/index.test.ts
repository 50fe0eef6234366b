import { describe, expect, it } from 'vitest';
import { createExchangeMarket, RunnerMarketRisk, tickOfDecimalOdds, type FillEvent } from './index.ts';

describe('package entry point', () => {
  it('wires a market, its risk and its settlement the way the server does', () => {
    const market = createExchangeMarket(2);
    const risk = RunnerMarketRisk.create(2);
    const priceTick = tickOfDecimalOdds('1.50');
    if (!market.ok || !risk.ok || !priceTick.ok) throw new Error('setup');
    const lay = { orderId: 'l1', accountId: 'maker', runnerIndex: 0, side: 'LAY' as const, sizeMinor: 2000 };
    const hold = risk.value.holdIncreaseMinor('maker', { ...lay, priceTick: priceTick.value });
    expect(hold).toEqual({ ok: true, value: 1000n });
    const rested = market.value.place({ ...lay, priceTick: priceTick.value });
    if (!rested.ok) throw new Error(rested.code);
    expect(risk.value.apply(rested.value.events)).toEqual([{ accountId: 'maker', exposureMinor: 1000n }]);
    const taken = market.value.place({
      ...lay,
      orderId: 'b1',
      accountId: 'taker',
      side: 'BACK',
      priceTick: 0,
    });
    if (!taken.ok) throw new Error(taken.code);
    const fills = taken.value.events.filter((event): event is FillEvent => event.type === 'FILL');
    expect(fills.map((fill) => [fill.makerOrderId, fill.takerOrderId, fill.sizeMinor])).toEqual([
      ['l1', 'b1', 2000],
    ]);
    expect(risk.value.apply(taken.value.events)).toEqual([
      { accountId: 'taker', exposureMinor: 2000n },
      { accountId: 'maker', exposureMinor: 1000n },
    ]);
    const settlement = risk.value.settle({ kind: 'WINNERS', runnerIndexes: [0] }, 200);
    if (!settlement.ok) throw new Error(settlement.code);
    expect(settlement.value.rows.map((row) => [row.accountId, row.netPnlMinor, row.commissionMinor])).toEqual(
      [
        ['maker', -1000n, 0n],
        ['taker', 980n, 20n],
      ],
    );
  });
});
