import { describe, expect, it } from 'vitest';
import { FINISHED_ORDERS_REMEMBERED, MAX_LIVE_ORDERS_PER_MARKET } from '../limits.ts';
import { unwrap } from '../test-support/engines.ts';
import { ExchangeMarket } from './exchange-market.ts';

// Limits only the fast engine has: the reference keeps everything forever.
describe('fast engine limits', () => {
  it('remembers a bounded window of finished orders', () => {
    const market = unwrap(ExchangeMarket.create(1));
    const place = (orderId: string) =>
      unwrap(
        market.place({ orderId, accountId: 'a', runnerIndex: 0, side: 'BACK', priceTick: 10, sizeMinor: 1 }),
      );
    place('first');
    unwrap(market.cancel('first'));
    expect(market.cancel('first')).toEqual({ ok: false, code: 'ORDER_NOT_OPEN' });
    for (let i = 0; i < FINISHED_ORDERS_REMEMBERED; i++) {
      place(`o${i}`);
      unwrap(market.cancel(`o${i}`));
    }
    expect(market.cancel('first')).toEqual({ ok: false, code: 'UNKNOWN_ORDER' });
    expect(market.cancel(`o${FINISHED_ORDERS_REMEMBERED - 1}`)).toEqual({
      ok: false,
      code: 'ORDER_NOT_OPEN',
    });
  });

  it('refuses new orders once the market holds the maximum number of live orders', () => {
    const market = unwrap(ExchangeMarket.create(1));
    for (let i = 0; i < MAX_LIVE_ORDERS_PER_MARKET; i++) {
      unwrap(
        market.place({
          orderId: `o${i}`,
          accountId: 'a',
          runnerIndex: 0,
          side: 'LAY',
          priceTick: 5,
          sizeMinor: 100_000_000_000,
        }),
      );
    }
    const full = market.place({
      orderId: 'x',
      accountId: 'b',
      runnerIndex: 0,
      side: 'BACK',
      priceTick: 5,
      sizeMinor: 1,
    });
    expect(full).toEqual({ ok: false, code: 'BOOK_FULL' });
    // The level total is still exact: 5e15 is below 2^53.
    const ladder = unwrap(market.ladder(0));
    expect(ladder.availableToBack).toEqual([{ priceTick: 5, sizeMinor: 5_000_000_000_000_000 }]);
    unwrap(market.cancel('o0'));
    expect(
      market.place({ orderId: 'y', accountId: 'b', runnerIndex: 0, side: 'BACK', priceTick: 5, sizeMinor: 1 })
        .ok,
    ).toBe(true);
  });
});
