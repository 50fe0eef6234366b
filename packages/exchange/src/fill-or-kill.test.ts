import { describe, expect, it } from 'vitest';
import { ExchangeMarket } from './book/exchange-market.ts';
import { fillRows, orderInput, placeAll, tick, unwrap } from './test-support/engines.ts';

const market = () => {
  const engine = unwrap(ExchangeMarket.create(2));
  placeAll(engine, [['L1', 'bob', 'LAY', '2.00', 40]]);
  return engine;
};

describe('fill or kill with a minimum fill', () => {
  it('matches what is there when it reaches the minimum, and cancels the rest', () => {
    const engine = market();
    const outcome = unwrap(
      engine.place({ ...orderInput(['B1', 'alice', 'BACK', '2.00', 100], 'FOK'), minFillMinor: 30 }),
    );
    expect(fillRows(outcome.events)).toEqual([['L1', '2.00', 40]]);
    expect(unwrap(engine.order('B1'))).toMatchObject({
      matchedMinor: 40,
      remainingMinor: 0,
      cancelledMinor: 60,
    });
  });

  it('matches nothing when the book holds less than the minimum', () => {
    const engine = market();
    const outcome = unwrap(
      engine.place({ ...orderInput(['B1', 'alice', 'BACK', '2.00', 100], 'FOK'), minFillMinor: 50 }),
    );
    expect(fillRows(outcome.events)).toEqual([]);
    expect(unwrap(engine.order('B1'))).toMatchObject({ matchedMinor: 0, cancelledMinor: 100 });
  });

  it('refuses a minimum on another time in force, or outside 1..size', () => {
    const engine = market();
    const order = orderInput(['B1', 'alice', 'BACK', '2.00', 100]);
    expect(engine.place({ ...order, minFillMinor: 10 })).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
    });
    for (const minFillMinor of [0, 101, 1.5])
      expect(engine.place({ ...order, timeInForce: 'FOK', minFillMinor })).toMatchObject({
        ok: false,
        code: 'INVALID_SIZE',
      });
  });
});

describe('changing a resting order persistence', () => {
  it('keeps its place and survives the off when it persists', () => {
    const engine = unwrap(ExchangeMarket.create(2));
    placeAll(engine, [['B1', 'alice', 'BACK', '3.00', 100]]);
    const changed = unwrap(engine.setPersistence('B1', 'PERSIST'));
    expect(changed.events).toMatchObject([{ type: 'ORDER', orderId: 'B1', persistence: 'PERSIST' }]);
    unwrap(engine.goInPlay());
    expect(unwrap(engine.order('B1'))).toMatchObject({ state: 'RESTING', remainingMinor: 100 });
    expect(unwrap(engine.ladder(0)).availableToLay).toEqual([{ priceTick: tick('3.00'), sizeMinor: 100 }]);
  });

  it('refuses an order that is not resting', () => {
    const engine = unwrap(ExchangeMarket.create(2));
    expect(engine.setPersistence('nope', 'PERSIST')).toMatchObject({ ok: false });
  });
});
