import type { OrderView } from '../types.ts';

export type RefOrder = { -readonly [K in keyof OrderView]: OrderView[K] } & { seq: number };

/** Price-time priority as a comparison: better price first, then earlier placement. */
export function priority(a: RefOrder, b: RefOrder): number {
  if (a.priceTick !== b.priceTick)
    return a.side === 'BACK' ? a.priceTick - b.priceTick : b.priceTick - a.priceTick;
  return a.seq - b.seq;
}

export function snapshot(order: RefOrder): OrderView {
  // cancelReason is only ever assigned when an order is cancelled, so the key is absent otherwise.
  const { seq: _seq, ...view } = order;
  return view;
}
