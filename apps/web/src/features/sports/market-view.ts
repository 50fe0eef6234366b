import type { Market, PriceSize } from '@backlay/contracts';
import { playerLocale } from '@backlay/front-kit/money';

/**
 * How the match page lays markets out (docs/decisions/0163). Types are the feed's codes; the screen
 * names them with `marketTypeLabel`.
 */

/** Priced by the house: the odds are taken as shown, never stepped on the ladder. */
const HOUSE_TYPES = new Set(['BOOKMAKER', 'FANCY', 'ODD_EVEN', 'KHADO']);
/** Settled on a final value (runs): one row per market, Yes/No or Odd/Even cells. */
const LINE_TYPES = new Set(['FANCY', 'ODD_EVEN', 'KHADO']);
/**
 * The spec's order on the match page; other types follow in the feed's order. A race mirrored from a
 * source has a WIN market where a match has match odds, and its bookmaker line comes beneath it.
 */
const SECTION_ORDER = ['MATCH_ODDS', 'WIN', 'BOOKMAKER', 'FANCY', 'ODD_EVEN', 'KHADO', 'TIED_MATCH'];

export const isHousePriced = (type: string): boolean => HOUSE_TYPES.has(type);
export const isLineMarket = (type: string): boolean => LINE_TYPES.has(type);

/** Exchange runner markets show three prices a side, the bookmaker its one rate a side. */
export const ladderDepth = (type: string): number => (isHousePriced(type) ? 1 : 3);

/** Markets a player can still bet on or watch: settled, void and closed ones leave the page. */
export const isListed = (market: Pick<Market, 'status'>): boolean =>
  market.status === 'OPEN' || market.status === 'SUSPENDED';

export interface MarketSection {
  type: string;
  markets: Market[];
}

export function marketSections(markets: readonly Market[]): MarketSection[] {
  const byType = new Map<string, Market[]>();
  for (const market of markets) {
    if (!isListed(market)) continue;
    byType.set(market.type, [...(byType.get(market.type) ?? []), market]);
  }
  const rank = (type: string) => {
    const index = SECTION_ORDER.indexOf(type);
    return index === -1 ? SECTION_ORDER.length : index;
  };
  return [...byType.entries()]
    .map(([type, list]) => ({ type, markets: list }))
    .sort((a, b) => rank(a.type) - rank(b.type));
}

/** The newer of two copies of a market (the page's fetch and the stream): versions only grow. */
export function newerMarket<M extends Pick<Market, 'version'>>(fetched: M, streamed: M | null): M {
  return streamed && streamed.version >= fetched.version ? streamed : fetched;
}

export type CellTone = 'back' | 'lay';
export interface LineCell {
  runnerId: string;
  label: string;
  tone: CellTone;
}

/**
 * The cells of a line market's row. Fancy and khado read No (pink) then Yes (blue) as on Indian
 * exchanges; odd/even keep the feed's order. Each cell backs its runner.
 */
export function lineCells(market: Pick<Market, 'type' | 'runners'>): LineCell[] {
  const cells = market.runners.map((runner) => ({
    runnerId: runner.id,
    label: runner.name,
    tone: (runner.id === 'no' ? 'lay' : 'back') as CellTone,
  }));
  if (market.type === 'ODD_EVEN') return cells;
  return [...cells].sort((a, b) => (a.tone === b.tone ? 0 : a.tone === 'lay' ? -1 : 1));
}

/** The run line shown beside a fancy or khado market: `44`, or `44–46` for khado's range. */
export function lineText(market: Pick<Market, 'type' | 'line'>): string | null {
  // Odd/even settles on parity alone: its line carries no number worth showing.
  if (!market.line || market.type === 'ODD_EVEN') return null;
  const { line, rangeRuns } = market.line;
  if (market.type === 'KHADO' && rangeRuns !== undefined && rangeRuns > 1) {
    return `${line}–${line + rangeRuns - 1}`;
  }
  return String(line);
}

/** The best level first, padded to `depth` with nulls (empty cells show a dash). */
export function levels(ladder: readonly PriceSize[], depth: number): (PriceSize | null)[] {
  return Array.from({ length: depth }, (_, index) => ladder[index] ?? null);
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Sizes under prices, short enough for a phone's cells: `850`, `1.5K`, `25K`, `1.2M`. Formatted from the
 * decimal text (no float), in the player's locale.
 */
export function sizeText(size: string, locale: string | undefined = playerLocale()): string {
  const key = locale ?? '';
  let formatter = compactFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormatters.set(key, formatter);
  }
  return /^\d+(\.\d+)?$/.test(size) ? formatter.format(size as `${number}`) : size;
}
