import { MAX_TICK, MIN_TICK, priceHundredthsOfTick } from '@backlay/exchange';
import type { MakerOptions } from './context.ts';
import type { Effects } from './effects.ts';
import type { MarketUnit } from './market-unit.ts';

/** The market maker's quotes: three prices to back below the fair price, three to lay above it. */
export type Quote = { runnerIndex: number; side: 'BACK' | 'LAY'; priceTick: number; sizeMinor: bigint };

/**
 * Quotes around the feed's fair chance (docs/decisions/0132). Backers are offered the ticks at or just
 * below the fair odds (the maker lays there), layers the ticks above (the maker backs there), so the
 * maker's book is over-round and one tick wide at best.
 */
export function quotesFor(fairPpm: readonly (number | null)[], options: MakerOptions): Quote[] {
  const quotes: Quote[] = [];
  fairPpm.forEach((ppm, runnerIndex) => {
    if (ppm === null || ppm <= 0 || ppm >= 1_000_000) return;
    const fairHundredths = Math.floor(100_000_000 / ppm);
    const floor = floorTick(fairHundredths);
    const exact = priceHundredthsOfTick(floor) === fairHundredths;
    const bestToBack = exact ? floor - 1 : floor;
    const bestToLay = floor + 1;
    options.levelSizesMinor.forEach((sizeMinor, level) => {
      const layTick = bestToBack - level;
      if (layTick >= MIN_TICK)
        quotes.push({
          runnerIndex,
          side: 'LAY',
          priceTick: layTick,
          sizeMinor: layCap(layTick, sizeMinor, options),
        });
      const backTick = bestToLay + level;
      if (backTick <= MAX_TICK) quotes.push({ runnerIndex, side: 'BACK', priceTick: backTick, sizeMinor });
    });
  });
  return quotes.filter((quote) => quote.sizeMinor > 0n);
}

/** The highest tick whose price is not above `priceHundredths` (the lowest tick when none is). */
function floorTick(priceHundredths: number): number {
  if (priceHundredths >= priceHundredthsOfTick(MAX_TICK)) return MAX_TICK;
  let low = MIN_TICK;
  let high = MAX_TICK;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (priceHundredthsOfTick(middle) <= priceHundredths) low = middle;
    else high = middle - 1;
  }
  return low;
}

function layCap(priceTick: number, sizeMinor: bigint, options: MakerOptions): bigint {
  const perUnitHundredths = BigInt(priceHundredthsOfTick(priceTick) - 100);
  const capped = (options.maxLayLiabilityMinor * 100n) / perUnitHundredths;
  return capped < sizeMinor ? capped : sizeMinor;
}

/** Takes the maker's quotes off the book (suspension, a new fair price). */
export function withdrawQuotes(unit: MarketUnit, effects: Effects, nowIso: string): void {
  for (const orderId of [...unit.makerOrders]) {
    const cancelled = unit.engine.cancel(orderId);
    unit.makerOrders.delete(orderId);
    if (cancelled.ok) unit.apply(cancelled.value.events, effects, nowIso);
  }
  unit.makerQuote = '';
}

/** Places fresh quotes when the fair prices moved (or none are on the book). */
export function requote(unit: MarketUnit, effects: Effects, options: MakerOptions, nowIso: string): void {
  const fair = unit.info.runners.map((runner) => runner.fairPpm);
  const signature = fair.join(',');
  if (signature === unit.makerQuote) return;
  withdrawQuotes(unit, effects, nowIso);
  if (unit.risk.exposureMinor(options.accountId) >= options.maxExposureMinor) return;
  unit.makerQuote = signature;
  for (const quote of quotesFor(fair, options)) placeQuote(unit, effects, options.accountId, quote, nowIso);
}

/** Rests one quote of the maker's on the book; it may match players' resting bets at once. */
export function placeQuote(
  unit: MarketUnit,
  effects: Effects,
  accountId: string,
  quote: Quote,
  nowIso: string,
): void {
  const orderId = `mm-${unit.makerOrderCount++}`;
  const placed = unit.engine.place({
    orderId,
    accountId,
    runnerIndex: quote.runnerIndex,
    side: quote.side,
    priceTick: quote.priceTick,
    sizeMinor: Number(quote.sizeMinor),
    persistence: 'PERSIST',
  });
  if (!placed.ok) return;
  // Known as the maker's before its events are folded in: a quote filled at once is forgotten there.
  unit.makerOrders.add(orderId);
  unit.apply(placed.value.events, effects, nowIso);
}
