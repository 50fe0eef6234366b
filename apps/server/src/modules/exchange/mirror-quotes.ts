import type { MakerOptions } from './context.ts';
import type { Effects } from './effects.ts';
import { mirrorBookKey, mirrorQuotes, sizeWithinCap, type MirrorBook } from './mirror-book.ts';
import { placeQuote, withdrawQuotes } from './market-maker.ts';
import type { MarketUnit } from './market-unit.ts';

/**
 * Brings the house's quotes on a mirrored market in line with the source's latest book
 * (docs/decisions/0271): none while the source or the market is not open, or in play has begun and no
 * new prices have come since; otherwise the source's best prices, placed again only when the book's
 * prices or sizes moved (or the cap changed), each sized within what the cap still allows.
 */
export function requoteMirror(
  unit: MarketUnit,
  effects: Effects,
  options: MakerOptions,
  nowIso: string,
): void {
  const book = quotableBook(unit);
  if (book === null) {
    withdrawQuotes(unit, effects, nowIso);
    return;
  }
  const key = mirrorBookKey(book);
  if (key === unit.makerQuote) return;
  withdrawQuotes(unit, effects, nowIso);
  unit.makerQuote = key;
  const capMinor = unit.mirror.capMinor ?? options.mirror.liabilityCapMinor;
  const runnerIds = unit.info.runners.map((runner) => runner.id);
  for (const wanted of mirrorQuotes(book, runnerIds, options.mirror)) {
    // Read after every placement: each resting quote counts against the cap on its adverse side.
    const position = unit.risk.outcomes(options.accountId);
    const sizeMinor = sizeWithinCap(wanted, position, unit.risk.winnerCount, capMinor);
    if (sizeMinor > 0n) placeQuote(unit, effects, options.accountId, { ...wanted, sizeMinor }, nowIso);
  }
}

/** The book to quote from now, or null when the house quotes nothing. */
function quotableBook(unit: MarketUnit): MirrorBook | null {
  const { book, heldFromKey } = unit.mirror;
  if (book === null || book.status !== 'OPEN' || heldFromKey !== null) return null;
  if (unit.settled || unit.info.housePriced || unit.engine.status() !== 'OPEN') return null;
  return book;
}

/** In play began: quotes stay off until the source's prices change from the book known now. */
export function holdUntilInPlayPrices(unit: MarketUnit): void {
  unit.mirror.heldFromKey = unit.mirror.book === null ? '' : mirrorBookKey(unit.mirror.book);
}
