import { MAX_LADDER_DEPTH } from '../limits.ts';
import { err, ok, type Result } from '../result.ts';
import type { PriceSize, RunnerLadder } from '../types.ts';
import type { BookOrder } from './book-order.ts';
import type { SideBook } from './side-book.ts';

function bestLevels(book: SideBook, depth: number): PriceSize[] {
  const levels: PriceSize[] = [];
  for (let tick = book.bestTick(); tick >= 0 && levels.length < depth; tick = book.nextWorseTick(tick)) {
    levels.push({ priceTick: tick, sizeMinor: book.totalMinor(tick) });
  }
  return levels;
}

/** Best-N view: resting lays are offered to backers, resting backs to layers. */
export function ladderOf(backs: SideBook, lays: SideBook, depth: number): Result<RunnerLadder> {
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_LADDER_DEPTH) return err('INVALID_ARGUMENT');
  return ok({ availableToBack: bestLevels(lays, depth), availableToLay: bestLevels(backs, depth) });
}

export function* ordersInPriority(book: SideBook): Generator<BookOrder> {
  for (let tick = book.bestTick(); tick >= 0; tick = book.nextWorseTick(tick)) {
    for (let order = book.head(tick); order !== null; order = order.next) yield order;
  }
}
