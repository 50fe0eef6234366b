import { describe, expect, it } from 'vitest';
import type { OrderView, PlaceOrderInput } from './types.ts';
import { ENGINES, fillRows, ladderRows, orderInput, placeAll, tick, unwrap } from './test-support/engines.ts';

const state = (view: OrderView) => [view.state, view.matchedMinor, view.remainingMinor, view.cancelledMinor];

describe.each(ENGINES)('order lifecycle (%s engine)', (_name, createEngine) => {
  it('a partial cancel keeps queue priority; a full cancel removes the order', () => {
    const engine = createEngine(1);
    placeAll(engine, [
      ['L1', 'bob', 'LAY', '2.00', 100],
      ['L2', 'carol', 'LAY', '2.00', 100],
    ]);
    unwrap(engine.cancel('L1', 70));
    expect(ladderRows(engine).toBack).toEqual([['2.00', 130]]);
    const outcome = unwrap(engine.place(orderInput(['B1', 'alice', 'BACK', '2.00', 50])));
    expect(fillRows(outcome.events)).toEqual([
      ['L1', '2.00', 30],
      ['L2', '2.00', 20],
    ]);
    expect(state(unwrap(engine.order('L1')))).toEqual(['FILLED', 30, 0, 70]);
    unwrap(engine.cancel('L2'));
    expect(state(unwrap(engine.order('L2')))).toEqual(['CANCELLED', 20, 0, 80]);
    expect(ladderRows(engine).toBack).toEqual([]);
  });

  it('replace cancels the unmatched part and places it again at the new price under a new id', () => {
    const engine = createEngine(1);
    placeAll(engine, [
      ['L1', 'bob', 'LAY', '2.00', 100],
      ['B1', 'alice', 'BACK', '2.00', 30],
      ['B2', 'carol', 'BACK', '2.10', 50],
    ]);
    const outcome = unwrap(engine.replace('L1', 'L1b', tick('2.10')));
    expect(fillRows(outcome.events)).toEqual([['B2', '2.10', 50]]);
    expect(unwrap(engine.order('L1')).cancelReason).toBe('REPLACED');
    expect(state(unwrap(engine.order('L1b')))).toEqual(['RESTING', 50, 20, 0]);
    expect(engine.replace('L1b', 'L1c', 400).ok).toBe(false);
    expect(unwrap(engine.order('L1b')).state).toBe('RESTING');
  });

  it('a suspended market refuses orders but allows cancels; resuming reopens it', () => {
    const engine = createEngine(2);
    placeAll(engine, [['B1', 'alice', 'BACK', '2.00', 100, 1]]);
    unwrap(engine.suspend());
    expect(engine.place(orderInput(['L1', 'bob', 'LAY', '2.00', 100, 1]))).toEqual({
      ok: false,
      code: 'MARKET_SUSPENDED',
    });
    expect(ladderRows(engine, 1).toLay).toEqual([['2.00', 100]]);
    unwrap(engine.resume());
    const outcome = unwrap(engine.place(orderInput(['L1', 'bob', 'LAY', '2.00', 100, 1])));
    expect(fillRows(outcome.events)).toEqual([['B1', '2.00', 100]]);
  });

  it('going in-play lapses LAPSE orders and keeps PERSIST orders', () => {
    const engine = createEngine(1);
    const persist: PlaceOrderInput = {
      ...orderInput(['B2', 'bob', 'BACK', '3.00', 200]),
      persistence: 'PERSIST',
    };
    placeAll(engine, [['B1', 'alice', 'BACK', '2.00', 100]]);
    unwrap(engine.place(persist));
    const outcome = unwrap(engine.goInPlay());
    expect(outcome.events.at(-1)).toEqual({ type: 'STATUS', status: 'OPEN', inPlay: true });
    expect(unwrap(engine.order('B1')).cancelReason).toBe('LAPSED');
    expect(ladderRows(engine).toLay).toEqual([['3.00', 200]]);
    expect(engine.isInPlay()).toBe(true);
  });

  it('closing cancels every unmatched part and refuses everything afterwards', () => {
    const engine = createEngine(1);
    placeAll(engine, [['B1', 'alice', 'BACK', '2.00', 100]]);
    unwrap(engine.close());
    expect(unwrap(engine.order('B1')).cancelReason).toBe('MARKET_CLOSED');
    expect(engine.liveOrders()).toEqual([]);
    expect(engine.place(orderInput(['B2', 'alice', 'BACK', '2.00', 100])).ok).toBe(false);
    expect(engine.cancel('B1')).toEqual({ ok: false, code: 'MARKET_CLOSED' });
    expect(engine.resume()).toEqual({ ok: false, code: 'MARKET_CLOSED' });
  });

  it('events describe the change: level totals and order states', () => {
    const engine = createEngine(1);
    placeAll(engine, [['L1', 'bob', 'LAY', '2.00', 100]]);
    const { events } = unwrap(engine.place(orderInput(['B1', 'alice', 'BACK', '2.00', 100])));
    expect(events.map((event) => event.type)).toEqual(['FILL', 'ORDER', 'LEVEL', 'ORDER']);
    expect(events[2]).toEqual({
      type: 'LEVEL',
      runnerIndex: 0,
      side: 'LAY',
      priceTick: tick('2.00'),
      sizeMinor: 0,
    });
  });
});
