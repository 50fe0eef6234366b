import type { CancelReason, OrderEvent, OrderState, OrderView, Persistence, Side } from '../types.ts';

/**
 * An order inside the fast book. Sizes are exact integer numbers of minor units (see limits.ts);
 * prev/next link it into its price level's queue so a cancel unlinks it in O(1).
 */
export class BookOrder {
  prev: BookOrder | null = null;
  next: BookOrder | null = null;
  remainingMinor: number;
  matchedMinor = 0;
  cancelledMinor = 0;
  state: OrderState = 'RESTING';
  cancelReason: CancelReason | undefined = undefined;

  constructor(
    readonly orderId: string,
    readonly accountId: string,
    readonly runnerIndex: number,
    readonly side: Side,
    readonly priceTick: number,
    readonly sizeMinor: number,
    public persistence: Persistence,
  ) {
    this.remainingMinor = sizeMinor;
  }

  /** Moves the whole unmatched part to cancelled and finishes the order. */
  cancelRemainder(reason: CancelReason): void {
    this.cancelledMinor += this.remainingMinor;
    this.remainingMinor = 0;
    this.state = 'CANCELLED';
    this.cancelReason = reason;
  }
}

export function viewOf(order: BookOrder): OrderView {
  const { type: _type, ...view } = orderEvent(order);
  return view;
}

/** Built as one literal (no spread): it is made for every order an operation finishes. */
export function orderEvent(order: BookOrder): OrderEvent {
  const event: OrderEvent = {
    type: 'ORDER',
    orderId: order.orderId,
    accountId: order.accountId,
    runnerIndex: order.runnerIndex,
    side: order.side,
    priceTick: order.priceTick,
    persistence: order.persistence,
    state: order.state,
    sizeMinor: order.sizeMinor,
    matchedMinor: order.matchedMinor,
    remainingMinor: order.remainingMinor,
    cancelledMinor: order.cancelledMinor,
  };
  if (order.cancelReason !== undefined)
    (event as { cancelReason?: CancelReason }).cancelReason = order.cancelReason;
  return event;
}
