import { priceHundredthsOfTick } from '@backlay/exchange';
import { quoteTicks } from '@backlay/feed';
import type { LineBetKind } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type { MarketUnit } from './market-unit.ts';
import type { LadderJson } from './types.ts';

/** The house's margin around the fair price on each side (docs/decisions/0137). */
export const HOUSE_MARGIN_BASIS_POINTS = 300;

export type HouseQuote = { backTick: number | null; layTick: number | null };

/**
 * What the house offers on each runner now: a back price on every runner of a house market, and a lay
 * price on bookmaker runners (line markets are taken on either outcome instead). None while the market
 * is not open or the runner has no fair chance.
 */
export function houseQuotes(unit: MarketUnit): HouseQuote[] {
  const open = unit.info.status === 'OPEN' && !unit.settled;
  return unit.info.runners.map((runner) => {
    const ppm = runner.fairPpm;
    if (!open || ppm === null || ppm <= 0 || ppm >= 1_000_000) return { backTick: null, layTick: null };
    if (unit.info.type === 'KHADO' && runner.id !== 'yes') return { backTick: null, layTick: null };
    const { backTick, layTick } = quoteTicks(ppm, HOUSE_MARGIN_BASIS_POINTS);
    return { backTick, layTick: unit.info.type === 'BOOKMAKER' ? layTick : null };
  });
}

/** The house's quotes as the market's ladder: one level each, sized at the market's maximum stake. */
export function houseLadder(unit: MarketUnit): LadderJson {
  const size = formatMinor(unit.info.maxStakeMinor);
  const level = (tick: number | null) =>
    tick === null ? [] : [{ price: priceHundredthsOfTick(tick) / 100, size }];
  const ladder: LadderJson = {};
  houseQuotes(unit).forEach((quote, index) => {
    ladder[unit.info.runners[index]!.id] = { back: level(quote.backTick), lay: level(quote.layTick) };
  });
  return ladder;
}

/** The line-bet kind a back on this runner of a line market is (null: the runner takes no bets). */
export function lineKindOf(type: string, runnerId: string): LineBetKind | null {
  if (type === 'FANCY') return runnerId === 'yes' ? 'YES' : runnerId === 'no' ? 'UNDER' : null;
  if (type === 'KHADO') return runnerId === 'yes' ? 'KHADO' : null;
  if (type === 'ODD_EVEN') return runnerId === 'odd' ? 'ODD' : runnerId === 'even' ? 'EVEN' : null;
  return null;
}
