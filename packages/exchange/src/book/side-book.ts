import { TICK_COUNT } from '../ladder.ts';
import type { Side } from '../types.ts';
import type { BookOrder } from './book-order.ts';
import { TickBitset } from './tick-bitset.ts';

/**
 * All resting orders of one side of one runner: a FIFO queue per tick plus a running total, so
 * appending, filling the head and cancelling anywhere in a queue are all O(1).
 * Resting backs are best at the lowest price (a layer wants low odds); resting lays at the highest.
 */
export class SideBook {
  private readonly heads: (BookOrder | null)[] = new Array<BookOrder | null>(TICK_COUNT).fill(null);
  private readonly tails: (BookOrder | null)[] = new Array<BookOrder | null>(TICK_COUNT).fill(null);
  // Float64 holds every integer up to 2^53 exactly; limits.ts keeps level totals below that.
  private readonly totalsMinor = new Float64Array(TICK_COUNT);
  private readonly nonEmpty = new TickBitset();
  private readonly bestIsLowest: boolean;

  constructor(readonly side: Side) {
    this.bestIsLowest = side === 'BACK';
  }

  head(priceTick: number): BookOrder | null {
    return this.heads[priceTick] ?? null;
  }

  totalMinor(priceTick: number): number {
    return this.totalsMinor[priceTick] ?? 0;
  }

  /** Best tick, or -1 when the side is empty. */
  bestTick(): number {
    return this.bestIsLowest ? this.nonEmpty.lowestFrom(0) : this.nonEmpty.highestFrom(TICK_COUNT - 1);
  }

  /** The next non-empty tick after `priceTick` going from better to worse prices, or -1. */
  nextWorseTick(priceTick: number): number {
    return this.bestIsLowest
      ? this.nonEmpty.lowestFrom(priceTick + 1)
      : this.nonEmpty.highestFrom(priceTick - 1);
  }

  append(order: BookOrder): void {
    const tick = order.priceTick;
    const tail = this.tails[tick] ?? null;
    order.prev = tail;
    order.next = null;
    if (tail === null) {
      this.heads[tick] = order;
      this.nonEmpty.set(tick);
    } else {
      tail.next = order;
    }
    this.tails[tick] = order;
    this.totalsMinor[tick]! += order.remainingMinor;
  }

  /** Takes the order out of its queue; its remaining size leaves the level total. */
  remove(order: BookOrder): void {
    const tick = order.priceTick;
    const { prev, next } = order;
    if (prev === null) this.heads[tick] = next;
    else prev.next = next;
    if (next === null) this.tails[tick] = prev;
    else next.prev = prev;
    order.prev = null;
    order.next = null;
    this.totalsMinor[tick]! -= order.remainingMinor;
    if (this.heads[tick] === null) {
      this.nonEmpty.clear(tick);
      this.totalsMinor[tick] = 0;
    }
  }

  /** Lowers an order's unmatched size in place; it keeps its queue position. */
  reduce(order: BookOrder, byMinor: number): void {
    order.remainingMinor -= byMinor;
    this.totalsMinor[order.priceTick]! -= byMinor;
  }
}
