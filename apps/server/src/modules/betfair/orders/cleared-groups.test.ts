import { tickOfPriceHundredths } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { rollUpCleared } from './cleared-groups.ts';
import type { OrderRow } from './order-rows.ts';

const tickOf = (hundredths: number) => {
  const tick = tickOfPriceHundredths(hundredths);
  if (!tick.ok) throw new Error(`${hundredths} is off the ladder`);
  return tick.value;
};

let serial = 0;
/** A settled bet: `profit` in minor units, `price` in hundredths. */
function bet(fields: Partial<OrderRow> & { price?: number; stake?: number; profit?: number }): OrderRow {
  const { price = 250, stake = 400, profit = 0, ...rest } = fields;
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    side: 'BACK',
    price_tick: tickOf(price),
    stake_minor: String(stake),
    matched_minor: String(stake),
    matched_value: String(stake * price),
    cancelled_minor: '0',
    voided_minor: '0',
    status: 'SETTLED',
    persistence: 'LAPSE',
    placed_at: `2031-01-10T12:00:0${serial % 10}.000Z`,
    updated_at: '2031-01-10T13:00:00.000Z',
    profit_minor: String(profit),
    market_bf: '10',
    selection_id: '100',
    event_bf: '7',
    event_type_bf: '1',
    customer_order_ref: null,
    customer_strategy_ref: null,
    settled_at: '2031-01-10T14:00:00.000Z',
    event_name: 'A v B',
    sport_name: 'Soccer',
    market_name: 'Match Odds',
    market_type: 'MATCH_ODDS',
    start_time: '2031-01-10T12:00:00.000Z',
    runner_name: 'A',
    commission_percent: '2.50',
    ...rest,
  };
}

describe('listClearedOrders rolled up above BET', () => {
  const won = bet({ stake: 400, price: 250, profit: 600 });
  const lost = bet({ selection_id: '101', side: 'LAY', stake: 200, price: 300, profit: -400 });
  const otherMarket = bet({
    market_bf: '11',
    stake: 1000,
    price: 200,
    profit: 1000,
    settled_at: '2031-01-11T09:00:00.000Z',
  });
  const otherEvent = bet({ market_bf: '12', event_bf: '8', profit: -400 });

  it('sums a market: profit, bet count and commission on its net winnings; no runner fields when two', () => {
    const [market, next] = rollUpCleared([won, lost, otherMarket], 'MARKET', false);
    expect(market).toEqual({
      eventTypeId: '1',
      eventId: '7',
      marketId: '1.10',
      placedDate: expect.any(String),
      persistenceType: 'LAPSE',
      orderType: 'LIMIT',
      priceReduced: false,
      settledDate: '2031-01-10T14:00:00.000Z',
      betCount: 2,
      profit: 2,
      // 2.5 % of the 2.00 net, rounded down to the minor unit.
      commission: 0.05,
    });
    // One bet: every field of it hoisted, its id too.
    expect(next).toMatchObject({
      marketId: '1.11',
      betCount: 1,
      selectionId: 100,
      side: 'BACK',
      betId: expect.any(String),
      priceMatched: 2,
      sizeSettled: 10,
      profit: 10,
      commission: 0.25,
    });
  });

  it('keeps the side and averages at RUNNER when its bets share a side', () => {
    const again = bet({ stake: 200, price: 400, profit: 600 });
    const [runner] = rollUpCleared([won, again], 'RUNNER', true);
    expect(runner).toMatchObject({
      marketId: '1.10',
      selectionId: 100,
      side: 'BACK',
      sizeSettled: 6,
      profit: 12,
      betCount: 2,
      // (4 × 2.50 + 2 × 4.00) / 6
      priceMatched: 3,
      priceRequested: 3,
      itemDescription: { runnerDesc: 'A', marketDesc: 'Match Odds' },
    });
    expect(runner).not.toHaveProperty('commission');
    expect(runner).not.toHaveProperty('betId');
  });

  it('splits a runner by SIDE, and sums events and event types with their markets’ commission', () => {
    const back = bet({ profit: 100 });
    const lay = bet({ side: 'LAY', profit: -50 });
    expect(rollUpCleared([back, lay], 'SIDE', false).map((one) => [one.side, one.profit])).toEqual([
      ['BACK', 1],
      ['LAY', -0.5],
    ]);
    const events = rollUpCleared([won, lost, otherMarket, otherEvent], 'EVENT', false);
    expect(events).toEqual([
      {
        eventTypeId: '1',
        eventId: '7',
        settledDate: '2031-01-11T09:00:00.000Z',
        betCount: 3,
        profit: 12,
        commission: 0.3,
      },
      {
        eventTypeId: '1',
        eventId: '8',
        settledDate: expect.any(String),
        betCount: 1,
        profit: -4,
        commission: 0,
      },
    ]);
    const [sport] = rollUpCleared([won, lost, otherMarket, otherEvent], 'EVENT_TYPE', true);
    expect(sport).toEqual({
      eventTypeId: '1',
      settledDate: '2031-01-11T09:00:00.000Z',
      betCount: 4,
      profit: 8,
      commission: 0.3,
    });
  });
});
