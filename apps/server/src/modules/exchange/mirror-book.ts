import {
  MAX_ORDER_SIZE_MINOR,
  MAX_TICK,
  MIN_TICK,
  priceHundredthsOfTick,
  tickOfDecimalOdds,
  worstPnlWithWinnerMinor,
  worstPnlWithoutWinnerMinor,
  type RunnerOutcomes,
} from '@backlay/exchange';
import { parseAmountMinor } from '@backlay/ledger';
import type { MirrorOptions } from './context.ts';
import type { Quote } from './market-maker.ts';
import type { MirrorBook } from './mirror-state.ts';

export type { MirrorBook, MirrorRunner } from './mirror-state.ts';

/** How many of the source's best prices on each side the house offers. */
export const MIRROR_LEVELS = 3;

/** A source level on the portal's ladder: its tick and its size in minor units. */
type SourceLevel = { priceTick: number; sizeMinor: bigint };

/**
 * The house's quotes before its liability cap: on each runner the source has not removed, a lay at each
 * of the source's best three back prices and a back at each of its best three lay prices, moved
 * `ticks` to the player's cost and sized at a share of the source's size. Best levels of every runner
 * come first, so a cap that runs out leaves the worse prices unquoted, not whole runners.
 */
export function mirrorQuotes(
  book: MirrorBook,
  runnerIds: readonly string[],
  options: Pick<MirrorOptions, 'ticks' | 'sizeBasisPoints'>,
): Quote[] {
  const byLevel: Quote[][] = Array.from({ length: MIRROR_LEVELS }, () => []);
  for (const runner of book.runners) {
    const runnerIndex = runnerIds.indexOf(runner.runnerId);
    if (runnerIndex < 0 || runner.removed) continue;
    const sides = [
      { side: 'LAY', levels: bestLevels(runner.atb, 'highest'), shift: -options.ticks },
      { side: 'BACK', levels: bestLevels(runner.atl, 'lowest'), shift: options.ticks },
    ] as const;
    for (const { side, levels, shift } of sides) {
      levels.forEach((level, index) => {
        const priceTick = level.priceTick + shift;
        const sizeMinor = (level.sizeMinor * options.sizeBasisPoints) / 10_000n;
        if (priceTick < MIN_TICK || priceTick > MAX_TICK || sizeMinor <= 0n) return;
        byLevel[index]!.push({ runnerIndex, side, priceTick, sizeMinor });
      });
    }
  }
  return byLevel.flat();
}

/**
 * The source's best three levels of one side that are on the ladder with a size. Sorted again, so a
 * source that sends them out of order still gives its best; a price off the ladder is skipped.
 */
function bestLevels(levels: readonly [number, number][], best: 'highest' | 'lowest'): SourceLevel[] {
  const onLadder: SourceLevel[] = [];
  for (const [price, size] of levels) {
    const level = sourceLevel(price, size);
    if (level) onLadder.push(level);
  }
  onLadder.sort((a, b) => (best === 'highest' ? b.priceTick - a.priceTick : a.priceTick - b.priceTick));
  return onLadder.slice(0, MIRROR_LEVELS);
}

/** Read from the numbers' decimal text, so no float rounding reaches a tick or an amount. */
function sourceLevel(price: unknown, size: unknown): SourceLevel | null {
  if (typeof price !== 'number' || typeof size !== 'number') return null;
  const tick = tickOfDecimalOdds(String(price));
  const amount = parseAmountMinor(size, { maxMinor: BigInt(MAX_ORDER_SIZE_MINOR) });
  return tick.ok && amount.ok ? { priceTick: tick.value, sizeMinor: amount.amountMinor } : null;
}

/**
 * The largest size of `quote` that keeps the house's worst case on the market within `capMinor`, over
 * every set of `winners` runners (docs/decisions/0282), from its position counting every resting quote on
 * its adverse side: a lay costs its liability in each set its runner wins, a back its stake in each set
 * its runner is out of.
 */
export function sizeWithinCap(
  quote: Quote,
  outcomes: RunnerOutcomes,
  winners: number,
  capMinor: bigint,
): bigint {
  let headroomMinor: bigint;
  if (quote.side === 'LAY') {
    const perUnitHundredths = BigInt(priceHundredthsOfTick(quote.priceTick) - 100);
    const worstMinor = worstPnlWithWinnerMinor(outcomes, winners, quote.runnerIndex);
    // The hold of an unmatched lay is its liability rounded up: size × (price − 1) ≤ headroom, exactly.
    headroomMinor = ((capMinor + worstMinor) * 100n) / perUnitHundredths;
  } else {
    const worstMinor = worstPnlWithoutWinnerMinor(outcomes, winners, quote.runnerIndex);
    headroomMinor = capMinor + (worstMinor ?? 0n);
  }
  if (headroomMinor <= 0n) return 0n;
  return headroomMinor < quote.sizeMinor ? headroomMinor : quote.sizeMinor;
}

/** What of a book decides the quotes: the same key, the same quotes. */
export function mirrorBookKey(book: MirrorBook): string {
  return JSON.stringify(
    book.runners.map((runner) => [runner.runnerId, runner.removed, runner.atb, runner.atl]),
  );
}

/** The book carries a price on some runner the source has not removed. */
export function hasPrices(book: MirrorBook): boolean {
  return book.runners.some((runner) => !runner.removed && (runner.atb.length > 0 || runner.atl.length > 0));
}
