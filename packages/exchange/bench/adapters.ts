import { OrderBook, Side as PeerSide } from 'nodejs-order-book';
import { ExchangeMarket } from '../src/index.ts';
import type { Op } from './workload.ts';

/** Runs one op; the bench treats both engines as black boxes behind this. */
export interface BenchEngine {
  run(op: Op): unknown;
}

export function ourEngine(): BenchEngine {
  const created = ExchangeMarket.create(1);
  if (!created.ok) throw new Error(created.code);
  const market = created.value;
  return {
    run(op) {
      if (op.kind === 'place') {
        return market.place({
          orderId: op.id,
          accountId: op.id,
          runnerIndex: 0,
          side: op.side,
          priceTick: op.priceTick,
          sizeMinor: op.sizeMinor,
        });
      }
      if (op.kind === 'cancel') return market.cancel(op.id);
      return market.replace(op.id, op.newId, op.newPriceTick);
    },
  };
}

/**
 * The peer does the same work: a lay is a bid (it takes backs at or below its price), a back is an
 * ask, the tick is the price; a replace is a cancel plus a new limit order, as ours does it.
 */
export function peerEngine(): BenchEngine {
  const book = new OrderBook();
  const sideOf = (side: 'BACK' | 'LAY') => (side === 'LAY' ? PeerSide.BUY : PeerSide.SELL);
  return {
    run(op) {
      if (op.kind === 'place') {
        return book.limit({ id: op.id, side: sideOf(op.side), size: op.sizeMinor, price: op.priceTick });
      }
      if (op.kind === 'cancel') return book.cancel(op.id);
      const cancelled = book.cancel(op.id);
      if (cancelled === undefined) return cancelled;
      return book.limit({
        id: op.newId,
        side: sideOf(op.side),
        size: cancelled.order.size,
        price: op.newPriceTick,
      });
    },
  };
}
