import { ExchangeMarket } from '../book/exchange-market.ts';
import { tickOfDecimalOdds, decimalOddsOfTick } from '../ladder.ts';
import { ReferenceMarket } from '../reference/reference-market.ts';
import type { Result } from '../result.ts';
import type { ExchangeEvent, FillEvent, MarketEngine, PlaceOrderInput, Side, TimeInForce } from '../types.ts';

export type EngineFactory = (runnerCount: number) => MarketEngine;

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected rejection ${result.code}`);
  return result.value;
}

/** Both engines, so every scenario runs against the fast one and the reference alike. */
export const ENGINES: ReadonlyArray<[string, EngineFactory]> = [
  ['fast', (runnerCount) => unwrap(ExchangeMarket.create(runnerCount))],
  ['reference', (runnerCount) => unwrap(ReferenceMarket.create(runnerCount))],
];

export function tick(odds: string): number {
  return unwrap(tickOfDecimalOdds(odds));
}

/** One order row of a scenario table: [id, account, side, odds, size in minor units, runner?]. */
export type OrderRow = readonly [string, string, Side, string, number, number?];

export function orderInput(row: OrderRow, timeInForce: TimeInForce = 'GTC'): PlaceOrderInput {
  const [orderId, accountId, side, odds, sizeMinor, runnerIndex = 0] = row;
  return {
    orderId,
    accountId,
    side,
    priceTick: tick(odds),
    sizeMinor,
    runnerIndex,
    timeInForce,
  };
}

export function placeAll(engine: MarketEngine, rows: readonly OrderRow[]): void {
  for (const row of rows) unwrap(engine.place(orderInput(row)));
}

/** Fills as table rows: [maker id, odds, size]. */
export function fillRows(events: readonly ExchangeEvent[]): Array<[string, string, number]> {
  return events
    .filter((event): event is FillEvent => event.type === 'FILL')
    .map((fill) => [fill.makerOrderId, decimalOddsOfTick(fill.priceTick), Number(fill.sizeMinor)]);
}

/** Best-N view as table rows: odds and size, best first. */
export function ladderRows(engine: MarketEngine, runnerIndex = 0, depth = 3) {
  const ladder = unwrap(engine.ladder(runnerIndex, depth));
  const rows = (levels: typeof ladder.availableToBack) =>
    levels.map((level) => [decimalOddsOfTick(level.priceTick), Number(level.sizeMinor)] as const);
  return { toBack: rows(ladder.availableToBack), toLay: rows(ladder.availableToLay) };
}

export { unwrap };
