import type { ExchangeEvent } from '../types.ts';
import { orderEvent, type BookOrder } from './book-order.ts';
import type { SideBook } from './side-book.ts';

function crosses(taker: BookOrder, makerTick: number): boolean {
  // A backer takes lays at its price or higher; a layer takes backs at its price or lower.
  return taker.side === 'BACK' ? makerTick >= taker.priceTick : makerTick <= taker.priceTick;
}

/**
 * How much of the taker could match right now, stopping where matching would stop: at its
 * limit price, or at the first resting order of the same account (self-match prevention).
 * Used only by fill-or-kill, before anything changes.
 */
export function fillableMinor(taker: BookOrder, makers: SideBook): number {
  let fillable = 0;
  for (let tick = makers.bestTick(); tick >= 0 && crosses(taker, tick); tick = makers.nextWorseTick(tick)) {
    for (let maker = makers.head(tick); maker !== null; maker = maker.next) {
      if (maker.accountId === taker.accountId) return fillable;
      fillable += maker.remainingMinor;
      if (fillable >= taker.remainingMinor) return fillable;
    }
  }
  return fillable;
}

/**
 * Matches the taker against resting orders in price-time priority at the makers' prices.
 * Returns true when it stopped because the next maker belongs to the taker's own account.
 */
export function matchTaker(
  taker: BookOrder,
  makers: SideBook,
  events: ExchangeEvent[],
  // Called for each maker the taker filled completely, after it left its queue.
  makerFilled: (maker: BookOrder) => void,
): boolean {
  while (taker.remainingMinor > 0) {
    const tick = makers.bestTick();
    if (tick < 0 || !crosses(taker, tick)) return false;
    let maker = makers.head(tick);
    let selfMatch = false;
    let filledHere = false;
    while (maker !== null && taker.remainingMinor > 0) {
      if (maker.accountId === taker.accountId) {
        selfMatch = true;
        break;
      }
      const fillMinor = Math.min(taker.remainingMinor, maker.remainingMinor);
      taker.remainingMinor -= fillMinor;
      taker.matchedMinor += fillMinor;
      makers.reduce(maker, fillMinor);
      maker.matchedMinor += fillMinor;
      filledHere = true;
      events.push({
        type: 'FILL',
        runnerIndex: taker.runnerIndex,
        priceTick: tick,
        sizeMinor: fillMinor,
        takerSide: taker.side,
        takerOrderId: taker.orderId,
        takerAccountId: taker.accountId,
        makerOrderId: maker.orderId,
        makerAccountId: maker.accountId,
        makerRemainingMinor: maker.remainingMinor,
      });
      const next = maker.next;
      if (maker.remainingMinor === 0) {
        makers.remove(maker);
        maker.state = 'FILLED';
        makerFilled(maker);
        events.push(orderEvent(maker));
      }
      maker = next;
    }
    if (filledHere) {
      const sizeMinor = makers.totalMinor(tick);
      events.push({
        type: 'LEVEL',
        runnerIndex: taker.runnerIndex,
        side: makers.side,
        priceTick: tick,
        sizeMinor,
      });
    }
    if (selfMatch) return true;
  }
  return false;
}
