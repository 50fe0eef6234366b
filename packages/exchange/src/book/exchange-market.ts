import { DEFAULT_LADDER_DEPTH, FINISHED_ORDERS_REMEMBERED, MAX_LIVE_ORDERS_PER_MARKET } from '../limits.ts';
import { err, ok, type Err, type Result } from '../result.ts';
import type {
  CancelReason,
  ExchangeEvent,
  MarketEngine,
  MarketStatus,
  OpOutcome,
  OrderView,
  Persistence,
  PlaceOrderInput,
  RunnerLadder,
} from '../types.ts';
import { checkPlaceInput, checkReduceBy } from '../validate.ts';
import { BookOrder, orderEvent, viewOf } from './book-order.ts';
import { OrderIndex } from './order-index.ts';
import { ladderOf, ordersInPriority } from './ladder-view.ts';
import { fillableMinor, matchTaker } from './matching.ts';
import { SideBook } from './side-book.ts';
import { checkRunnerCount } from './market-options.ts';

/**
 * The fast engine: one market with a back and a lay book per runner. Every operation either
 * rejects with a code and changes nothing, or applies fully and returns the events it caused.
 */
export class ExchangeMarket implements MarketEngine {
  private readonly backs: SideBook[] = [];
  private readonly lays: SideBook[] = [];
  // Its insertion order is placement order, which fixes the order of lapse events.
  private readonly orders = new OrderIndex<BookOrder>(FINISHED_ORDERS_REMEMBERED);
  private marketStatus: MarketStatus = 'OPEN';
  private inPlay = false;
  private events: ExchangeEvent[] = [];
  private readonly onMakerFilled = (maker: BookOrder): void => this.finish(maker);

  private constructor(readonly runnerCount: number) {
    for (let runner = 0; runner < runnerCount; runner++) {
      this.backs.push(new SideBook('BACK'));
      this.lays.push(new SideBook('LAY'));
    }
  }

  static create(runnerCount: number): Result<ExchangeMarket> {
    const bad = checkRunnerCount(runnerCount);
    return bad ?? ok(new ExchangeMarket(runnerCount));
  }

  status(): MarketStatus {
    return this.marketStatus;
  }

  isInPlay(): boolean {
    return this.inPlay;
  }

  place(input: PlaceOrderInput): Result<OpOutcome> {
    const bad = checkPlaceInput(input, this.runnerCount) ?? this.checkCanPlace(input.orderId);
    if (bad !== null) return bad;
    this.events = [];
    this.placeChecked(input);
    return ok({ events: this.events });
  }

  cancel(orderId: string, reduceByMinor?: number): Result<OpOutcome> {
    const badReduce = checkReduceBy(reduceByMinor);
    if (badReduce !== null) return badReduce;
    const order = this.liveOrder(orderId);
    if (!(order instanceof BookOrder)) return order;
    this.events = [];
    if (reduceByMinor === undefined || reduceByMinor >= order.remainingMinor) {
      this.cancelRemainder(order, 'USER');
    } else {
      const book = this.bookOf(order);
      book.reduce(order, reduceByMinor);
      order.cancelledMinor += reduceByMinor;
      this.pushLevel(book, order.runnerIndex, order.priceTick);
      this.events.push(orderEvent(order));
    }
    return ok({ events: this.events });
  }

  /** Changes what a resting order does at the off (LAPSE or PERSIST); its place in the queue stays. */
  setPersistence(orderId: string, persistence: Persistence): Result<OpOutcome> {
    if (persistence !== 'LAPSE' && persistence !== 'PERSIST') return err('INVALID_ARGUMENT');
    const order = this.liveOrder(orderId);
    if (!(order instanceof BookOrder)) return order;
    this.events = [];
    order.persistence = persistence;
    this.events.push(orderEvent(order));
    return ok({ events: this.events });
  }

  replace(orderId: string, newOrderId: string, newPriceTick: number): Result<OpOutcome> {
    const old = this.liveOrder(orderId);
    if (!(old instanceof BookOrder)) return old;
    const input: PlaceOrderInput = {
      orderId: newOrderId,
      accountId: old.accountId,
      runnerIndex: old.runnerIndex,
      side: old.side,
      priceTick: newPriceTick,
      sizeMinor: old.remainingMinor,
      persistence: old.persistence,
    };
    // Check the new order fully before cancelling, so a rejected replace changes nothing.
    const badNew = checkPlaceInput(input, this.runnerCount) ?? this.checkCanPlace(newOrderId);
    if (badNew !== null) return badNew;
    this.events = [];
    this.cancelRemainder(old, 'REPLACED');
    this.placeChecked(input);
    return ok({ events: this.events });
  }

  suspend(): Result<OpOutcome> {
    return this.setStatus('SUSPENDED', this.inPlay);
  }

  resume(): Result<OpOutcome> {
    return this.setStatus('OPEN', this.inPlay);
  }

  goInPlay(): Result<OpOutcome> {
    return this.setStatus(this.marketStatus, true);
  }

  close(): Result<OpOutcome> {
    return this.setStatus('CLOSED', this.inPlay);
  }

  ladder(runnerIndex: number, depth = DEFAULT_LADDER_DEPTH): Result<RunnerLadder> {
    const backs = this.backs[runnerIndex];
    const lays = this.lays[runnerIndex];
    if (backs === undefined || lays === undefined) return err('UNKNOWN_RUNNER');
    return ladderOf(backs, lays, depth);
  }

  order(orderId: string): Result<OrderView> {
    const order = this.orders.get(orderId);
    return order === undefined ? err('UNKNOWN_ORDER') : ok(viewOf(order));
  }

  liveOrders(): OrderView[] {
    const views: OrderView[] = [];
    for (let runner = 0; runner < this.runnerCount; runner++) {
      for (const order of ordersInPriority(this.backs[runner]!)) views.push(viewOf(order));
      for (const order of ordersInPriority(this.lays[runner]!)) views.push(viewOf(order));
    }
    return views;
  }

  private checkCanPlace(orderId: string): Result<never> | null {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    if (this.marketStatus === 'SUSPENDED') return err('MARKET_SUSPENDED');
    if (this.orders.get(orderId) !== undefined) return err('DUPLICATE_ORDER');
    if (this.orders.liveCount >= MAX_LIVE_ORDERS_PER_MARKET) return err('BOOK_FULL');
    return null;
  }

  /** The live order to cancel or replace, or why there is none (one lookup either way). */
  private liveOrder(orderId: string): BookOrder | Err {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    const order = this.orders.get(orderId);
    if (order === undefined) return err('UNKNOWN_ORDER');
    return order.state === 'RESTING' ? order : err('ORDER_NOT_OPEN');
  }

  private placeChecked(input: PlaceOrderInput): void {
    const taker = new BookOrder(
      input.orderId,
      input.accountId,
      input.runnerIndex,
      input.side,
      input.priceTick,
      input.sizeMinor,
      input.persistence ?? 'LAPSE',
    );
    const timeInForce = input.timeInForce ?? 'GTC';
    const makers = taker.side === 'BACK' ? this.lays[taker.runnerIndex]! : this.backs[taker.runnerIndex]!;
    if (
      timeInForce === 'FOK' &&
      fillableMinor(taker, makers) < (input.minFillMinor ?? taker.remainingMinor)
    ) {
      taker.cancelRemainder('FOK');
      return this.finishTaker(taker);
    }
    const stoppedBySelf = matchTaker(taker, makers, this.events, this.onMakerFilled);
    if (taker.remainingMinor === 0) taker.state = 'FILLED';
    else if (stoppedBySelf) taker.cancelRemainder('SELF_MATCH');
    else if (timeInForce !== 'GTC') taker.cancelRemainder('IOC');
    else {
      const book = this.bookOf(taker);
      book.append(taker);
      this.orders.addLive(taker.orderId, taker);
      this.pushLevel(book, taker.runnerIndex, taker.priceTick);
      this.events.push(orderEvent(taker));
      return;
    }
    this.finishTaker(taker);
  }

  private finishTaker(taker: BookOrder): void {
    this.orders.addFinished(taker.orderId, taker);
    this.events.push(orderEvent(taker));
  }

  private cancelRemainder(order: BookOrder, reason: CancelReason): void {
    const book = this.bookOf(order);
    book.remove(order);
    order.cancelRemainder(reason);
    this.finish(order);
    this.pushLevel(book, order.runnerIndex, order.priceTick);
    this.events.push(orderEvent(order));
  }

  private finish(order: BookOrder): void {
    this.orders.finishLive(order.orderId);
  }

  private setStatus(status: MarketStatus, inPlay: boolean): Result<OpOutcome> {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    this.events = [];
    const lapse = status === 'CLOSED' || (inPlay && !this.inPlay);
    if (lapse) {
      for (const order of this.orders.values()) {
        if (order.state !== 'RESTING') continue;
        if (status === 'CLOSED') this.cancelRemainder(order, 'MARKET_CLOSED');
        else if (order.persistence === 'LAPSE') this.cancelRemainder(order, 'LAPSED');
      }
    }
    this.marketStatus = status;
    this.inPlay = inPlay;
    this.events.push({ type: 'STATUS', status, inPlay });
    return ok({ events: this.events });
  }

  private bookOf(order: BookOrder): SideBook {
    return order.side === 'BACK' ? this.backs[order.runnerIndex]! : this.lays[order.runnerIndex]!;
  }

  private pushLevel(book: SideBook, runnerIndex: number, priceTick: number): void {
    const sizeMinor = book.totalMinor(priceTick);
    this.events.push({ type: 'LEVEL', runnerIndex, side: book.side, priceTick, sizeMinor });
  }
}
