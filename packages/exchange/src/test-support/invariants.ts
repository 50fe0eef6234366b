import { expect } from 'vitest';
import { MAX_LADDER_DEPTH } from '../limits.ts';
import type { ExchangeEvent, MarketEngine } from '../types.ts';
import { unwrap } from './engines.ts';

/** Book levels rebuilt only from LEVEL events, to prove the deltas carry the whole book. */
export class LevelMirror {
  readonly sizeByLevel = new Map<string, number>();

  apply(events: readonly ExchangeEvent[]): void {
    for (const event of events) {
      if (event.type !== 'LEVEL') continue;
      const key = `${event.runnerIndex}:${event.side}:${event.priceTick}`;
      if (event.sizeMinor === 0) this.sizeByLevel.delete(key);
      else this.sizeByLevel.set(key, event.sizeMinor);
    }
  }
}

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

function levelsOf(engine: MarketEngine): Map<string, number> {
  const levels = new Map<string, number>();
  for (let runner = 0; runner < engine.runnerCount; runner++) {
    const ladder = unwrap(engine.ladder(runner, MAX_LADDER_DEPTH));
    for (const level of ladder.availableToBack)
      levels.set(`${runner}:LAY:${level.priceTick}`, level.sizeMinor);
    for (const level of ladder.availableToLay)
      levels.set(`${runner}:BACK:${level.priceTick}`, level.sizeMinor);
    // Never crossed: the lowest resting back must be above the highest resting lay.
    const bestLay = ladder.availableToBack[0];
    const bestBack = ladder.availableToLay[0];
    if (bestLay !== undefined && bestBack !== undefined)
      expect(bestBack.priceTick).toBeGreaterThan(bestLay.priceTick);
  }
  return levels;
}

export function checkInvariants(
  engine: MarketEngine,
  orderIds: readonly string[],
  events: readonly ExchangeEvent[],
  mirror: LevelMirror,
): void {
  expect(mirror.sizeByLevel).toEqual(levelsOf(engine));
  const matchedBySide = new Map<string, number>();
  for (const orderId of orderIds) {
    const result = engine.order(orderId);
    if (!result.ok) continue;
    const order = result.value;
    // Plain checks: this runs for every order after every step, and expect() is costly at that rate.
    assert(order.remainingMinor >= 0 && order.matchedMinor >= 0 && order.cancelledMinor >= 0, orderId);
    assert(order.matchedMinor + order.remainingMinor + order.cancelledMinor === order.sizeMinor, orderId);
    assert((order.state === 'RESTING') === order.remainingMinor > 0, orderId);
    const key = `${order.runnerIndex}:${order.side}`;
    matchedBySide.set(key, (matchedBySide.get(key) ?? 0) + order.matchedMinor);
  }
  // Every fill matches the same stake on both sides, so per runner the totals agree.
  for (let runner = 0; runner < engine.runnerCount; runner++) {
    expect(matchedBySide.get(`${runner}:BACK`) ?? 0).toBe(matchedBySide.get(`${runner}:LAY`) ?? 0);
  }
  for (const event of events) if (event.type === 'FILL') assert(event.sizeMinor > 0, 'empty fill');
}
