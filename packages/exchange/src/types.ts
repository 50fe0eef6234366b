import type { Result } from './result.ts';

export type Side = 'BACK' | 'LAY';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** What happens to the unmatched part when the market turns in-play. */
export type Persistence = 'LAPSE' | 'PERSIST';
export type MarketStatus = 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type OrderState = 'RESTING' | 'FILLED' | 'CANCELLED';
export type CancelReason = 'USER' | 'IOC' | 'FOK' | 'SELF_MATCH' | 'LAPSED' | 'MARKET_CLOSED' | 'REPLACED';

export interface PlaceOrderInput {
  /** Caller-chosen id (the server's bet id); unique among live and recently finished orders. */
  readonly orderId: string;
  readonly accountId: string;
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceTick: number;
  /**
   * Backer's stake in minor units, also for a lay (its liability is size x (price - 1)). A safe
   * integer number, 1..MAX_ORDER_SIZE_MINOR; see limits.ts and decision record 0020.
   */
  readonly sizeMinor: number;
  readonly timeInForce?: TimeInForce;
  /**
   * Fill or kill only: the least the order must match at once, else nothing matches (default: all of
   * `sizeMinor`). What matched above it, and below `sizeMinor`, stands; the rest is cancelled.
   */
  readonly minFillMinor?: number;
  readonly persistence?: Persistence;
}

/** One match between a back and a lay; both sides matched exactly `sizeMinor` of backer's stake. */
export interface FillEvent {
  readonly type: 'FILL';
  readonly runnerIndex: number;
  /** The resting (maker) order's price: the taker gets the better price. */
  readonly priceTick: number;
  readonly sizeMinor: number;
  readonly takerSide: Side;
  readonly takerOrderId: string;
  readonly takerAccountId: string;
  readonly makerOrderId: string;
  readonly makerAccountId: string;
  readonly makerRemainingMinor: number;
}

export interface OrderView {
  readonly orderId: string;
  readonly accountId: string;
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceTick: number;
  readonly persistence: Persistence;
  readonly state: OrderState;
  readonly sizeMinor: number;
  readonly matchedMinor: number;
  readonly remainingMinor: number;
  readonly cancelledMinor: number;
  readonly cancelReason?: CancelReason;
}

/** Final state of an order after an operation touched it other than by being a maker in a fill. */
export interface OrderEvent extends OrderView {
  readonly type: 'ORDER';
}

/**
 * New total unmatched size at one price of one side. `side` is the side of the resting orders:
 * resting LAY orders are what a backer can take, shown as "available to back".
 */
export interface LevelEvent {
  readonly type: 'LEVEL';
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceTick: number;
  readonly sizeMinor: number;
}

export interface StatusEvent {
  readonly type: 'STATUS';
  readonly status: MarketStatus;
  readonly inPlay: boolean;
}

export type ExchangeEvent = FillEvent | OrderEvent | LevelEvent | StatusEvent;

export interface PriceSize {
  readonly priceTick: number;
  readonly sizeMinor: number;
}

/** Best-N ladder for one runner, best price first, as the UI back/lay boxes show it. */
export interface RunnerLadder {
  /** Resting lays, highest price first: what a backer can take now. */
  readonly availableToBack: PriceSize[];
  /** Resting backs, lowest price first: what a layer can take now. */
  readonly availableToLay: PriceSize[];
}

export interface OpOutcome {
  readonly events: ExchangeEvent[];
}

/** The operations both the fast engine and the reference implementation provide. */
export interface MarketEngine {
  readonly runnerCount: number;
  status(): MarketStatus;
  isInPlay(): boolean;
  place(input: PlaceOrderInput): Result<OpOutcome>;
  /** Cancels the whole unmatched part, or reduces it by `reduceByMinor`. */
  cancel(orderId: string, reduceByMinor?: number): Result<OpOutcome>;
  /** Cancel then place at a new price under a new id, keeping size, side and persistence. */
  replace(orderId: string, newOrderId: string, newPriceTick: number): Result<OpOutcome>;
  suspend(): Result<OpOutcome>;
  resume(): Result<OpOutcome>;
  /** Turns the market in-play: LAPSE orders lose their unmatched part, PERSIST orders stay. */
  goInPlay(): Result<OpOutcome>;
  /** Closes the market; every unmatched part is cancelled. Final. */
  close(): Result<OpOutcome>;
  ladder(runnerIndex: number, depth?: number): Result<RunnerLadder>;
  order(orderId: string): Result<OrderView>;
  /** Every live order in price-time priority per runner and side, for snapshots and tests. */
  liveOrders(): OrderView[];
}
