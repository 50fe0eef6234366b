import { describe, expect, it } from 'vitest';
import type { MarketEngine, PlaceOrderInput } from './types.ts';
import { ENGINES, orderInput, placeAll, unwrap } from './test-support/engines.ts';

const GOOD = orderInput(['X1', 'zoe', 'BACK', '2.00', 100]);

// Untyped callers (JSON bodies) can send anything; the engine must answer with a code, not throw.
const BAD_PLACES: ReadonlyArray<[string, Record<string, unknown>, string]> = [
  ['tick above the ladder', { priceTick: 350 }, 'OFF_LADDER'],
  ['negative tick', { priceTick: -1 }, 'OFF_LADDER'],
  ['fractional tick', { priceTick: 1.5 }, 'OFF_LADDER'],
  ['zero size', { sizeMinor: 0 }, 'INVALID_SIZE'],
  ['negative size', { sizeMinor: -5 }, 'INVALID_SIZE'],
  ['NaN size', { sizeMinor: Number.NaN }, 'INVALID_SIZE'],
  ['unsafe integer size', { sizeMinor: 2 ** 60 }, 'SIZE_TOO_LARGE'],
  ['fractional size', { sizeMinor: 1.5 }, 'INVALID_SIZE'],
  ['size as a bigint', { sizeMinor: 100n }, 'INVALID_SIZE'],
  ['size over the limit', { sizeMinor: 100_000_000_001 }, 'SIZE_TOO_LARGE'],
  ['unknown runner', { runnerIndex: 3 }, 'UNKNOWN_RUNNER'],
  ['empty order id', { orderId: '' }, 'INVALID_ORDER_ID'],
  ['empty account id', { accountId: '' }, 'INVALID_ACCOUNT_ID'],
  ['unknown side', { side: 'BUY' }, 'INVALID_ARGUMENT'],
  ['unknown time in force', { timeInForce: 'GTD' }, 'INVALID_ARGUMENT'],
  ['duplicate live id', { orderId: 'B1' }, 'DUPLICATE_ORDER'],
];

function seeded(createEngine: (runners: number) => MarketEngine): MarketEngine {
  const engine = createEngine(2);
  placeAll(engine, [
    ['B1', 'alice', 'BACK', '2.00', 100],
    ['L1', 'bob', 'LAY', '1.90', 100],
  ]);
  return engine;
}

describe.each(ENGINES)('bad input changes nothing (%s engine)', (_name, createEngine) => {
  it.each(BAD_PLACES)('place with %s', (_label, patch, code) => {
    const engine = seeded(createEngine);
    const before = engine.liveOrders();
    expect(engine.place({ ...GOOD, ...patch } as unknown as PlaceOrderInput)).toEqual({ ok: false, code });
    expect(engine.liveOrders()).toEqual(before);
  });

  it('cancel of an unknown id, of a filled order, and with a bad size', () => {
    const engine = seeded(createEngine);
    unwrap(engine.place(orderInput(['L2', 'carol', 'LAY', '2.00', 100])));
    const before = engine.liveOrders();
    expect(engine.cancel('nope')).toEqual({ ok: false, code: 'UNKNOWN_ORDER' });
    expect(engine.cancel('B1')).toEqual({ ok: false, code: 'ORDER_NOT_OPEN' });
    expect(engine.cancel('L2')).toEqual({ ok: false, code: 'ORDER_NOT_OPEN' });
    expect(engine.cancel('L1', 0)).toEqual({ ok: false, code: 'INVALID_SIZE' });
    expect(engine.cancel('L1', -1)).toEqual({ ok: false, code: 'INVALID_SIZE' });
    expect(engine.cancel('L1', 0.5)).toEqual({ ok: false, code: 'INVALID_SIZE' });
    expect(engine.place({ ...GOOD, orderId: 'B1' })).toEqual({ ok: false, code: 'DUPLICATE_ORDER' });
    expect(engine.replace('L1', 'L9', 999)).toEqual({ ok: false, code: 'OFF_LADDER' });
    expect(engine.replace('L1', 'L2', 10)).toEqual({ ok: false, code: 'DUPLICATE_ORDER' });
    expect(engine.liveOrders()).toEqual(before);
  });

  it('orders on a closed market', () => {
    const engine = seeded(createEngine);
    unwrap(engine.close());
    expect(engine.place(GOOD)).toEqual({ ok: false, code: 'MARKET_CLOSED' });
    expect(engine.close()).toEqual({ ok: false, code: 'MARKET_CLOSED' });
    expect(engine.liveOrders()).toEqual([]);
  });

  it('ladder requests for unknown runners or silly depths', () => {
    const engine = seeded(createEngine);
    expect(engine.ladder(9)).toEqual({ ok: false, code: 'UNKNOWN_RUNNER' });
    expect(engine.ladder(0, 0)).toEqual({ ok: false, code: 'INVALID_ARGUMENT' });
  });
});
