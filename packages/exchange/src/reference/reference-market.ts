import { DEFAULT_LADDER_DEPTH, MAX_LADDER_DEPTH, MAX_LIVE_ORDERS_PER_MARKET } from '../limits.ts';
import { err, ok, type Result } from '../result.ts';
import type {
  CancelReason,
  ExchangeEvent,
  MarketEngine,
  MarketStatus,
  OpOutcome,
  OrderView,
  PlaceOrderInput,
  PriceSize,
  RunnerLadder,
  Side,
} from '../types.ts';
import { checkPlaceInput, checkReduceBy } from '../validate.ts';
import { checkRunnerCount } from '../book/market-options.ts';
import { priority, snapshot, type RefOrder } from './ref-order.ts';

/**
 * The reference engine: every order in one array, every question answered by a linear scan and a
 * sort. Slow on purpose, so it is easy to check by reading; the fast engine must agree with it.
 */
export class ReferenceMarket implements MarketEngine {
  private orders: RefOrder[] = [];
  private marketStatus: MarketStatus = 'OPEN';
  private inPlay = false;
  private seq = 0;
  private events: ExchangeEvent[] = [];

  private constructor(readonly runnerCount: number) {}

  static create(runnerCount: number): Result<ReferenceMarket> {
    return checkRunnerCount(runnerCount) ?? ok(new ReferenceMarket(runnerCount));
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
    const bad = checkReduceBy(reduceByMinor) ?? this.checkCanCancel(orderId);
    if (bad !== null) return bad;
    const order = this.find(orderId)!;
    this.events = [];
    const reduceMinor =
      reduceByMinor === undefined || reduceByMinor > order.remainingMinor
        ? order.remainingMinor
        : reduceByMinor;
    order.remainingMinor -= reduceMinor;
    order.cancelledMinor += reduceMinor;
    if (order.remainingMinor === 0) this.markCancelled(order, 'USER');
    this.pushLevel(order.runnerIndex, order.side, order.priceTick);
    this.events.push({ type: 'ORDER', ...snapshot(order) });
    return ok({ events: this.events });
  }

  replace(orderId: string, newOrderId: string, newPriceTick: number): Result<OpOutcome> {
    const bad = this.checkCanCancel(orderId);
    if (bad !== null) return bad;
    const old = this.find(orderId)!;
    const input: PlaceOrderInput = {
      ...old,
      orderId: newOrderId,
      priceTick: newPriceTick,
      sizeMinor: old.remainingMinor,
    };
    const badNew = checkPlaceInput(input, this.runnerCount) ?? this.checkCanPlace(newOrderId);
    if (badNew !== null) return badNew;
    this.events = [];
    this.cancelWhole(old, 'REPLACED');
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
    if (!Number.isInteger(runnerIndex) || runnerIndex < 0 || runnerIndex >= this.runnerCount) {
      return err('UNKNOWN_RUNNER');
    }
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_LADDER_DEPTH) return err('INVALID_ARGUMENT');
    const levels = (side: Side): PriceSize[] => {
      const ticks = [...new Set(this.resting(runnerIndex, side).map((o) => o.priceTick))].slice(0, depth);
      return ticks.map((priceTick) => ({
        priceTick,
        sizeMinor: this.levelTotal(runnerIndex, side, priceTick),
      }));
    };
    return ok({ availableToBack: levels('LAY'), availableToLay: levels('BACK') });
  }

  order(orderId: string): Result<OrderView> {
    const order = this.orders.find((o) => o.orderId === orderId);
    return order === undefined ? err('UNKNOWN_ORDER') : ok(snapshot(order));
  }

  liveOrders(): OrderView[] {
    const views: OrderView[] = [];
    for (let runner = 0; runner < this.runnerCount; runner++) {
      for (const side of ['BACK', 'LAY'] as const) views.push(...this.resting(runner, side).map(snapshot));
    }
    return views;
  }

  private find(orderId: string): RefOrder | undefined {
    return this.orders.find((o) => o.orderId === orderId && o.state === 'RESTING');
  }

  private resting(runnerIndex: number, side: Side): RefOrder[] {
    return this.orders
      .filter((o) => o.state === 'RESTING' && o.runnerIndex === runnerIndex && o.side === side)
      .sort(priority);
  }

  private levelTotal(runnerIndex: number, side: Side, priceTick: number): number {
    return this.resting(runnerIndex, side)
      .filter((o) => o.priceTick === priceTick)
      .reduce((sum, o) => sum + o.remainingMinor, 0);
  }

  private checkCanPlace(orderId: string): Result<never> | null {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    if (this.marketStatus === 'SUSPENDED') return err('MARKET_SUSPENDED');
    if (this.orders.some((o) => o.orderId === orderId)) return err('DUPLICATE_ORDER');
    if (this.orders.filter((o) => o.state === 'RESTING').length >= MAX_LIVE_ORDERS_PER_MARKET) {
      return err('BOOK_FULL');
    }
    return null;
  }

  private checkCanCancel(orderId: string): Result<never> | null {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    if (this.find(orderId) !== undefined) return null;
    return this.orders.some((o) => o.orderId === orderId) ? err('ORDER_NOT_OPEN') : err('UNKNOWN_ORDER');
  }

  private placeChecked(input: PlaceOrderInput): void {
    const taker: RefOrder = {
      orderId: input.orderId,
      accountId: input.accountId,
      runnerIndex: input.runnerIndex,
      side: input.side,
      priceTick: input.priceTick,
      persistence: input.persistence ?? 'LAPSE',
      state: 'RESTING',
      sizeMinor: input.sizeMinor,
      matchedMinor: 0,
      remainingMinor: input.sizeMinor,
      cancelledMinor: 0,
      seq: ++this.seq,
    };
    const timeInForce = input.timeInForce ?? 'GTC';
    const makerSide: Side = taker.side === 'BACK' ? 'LAY' : 'BACK';
    const makers = this.resting(taker.runnerIndex, makerSide).filter((maker) =>
      taker.side === 'BACK' ? maker.priceTick >= taker.priceTick : maker.priceTick <= taker.priceTick,
    );
    // Matching stops at the first resting order of the taker's own account.
    const ownIndex = makers.findIndex((maker) => maker.accountId === taker.accountId);
    const reachable = ownIndex < 0 ? makers : makers.slice(0, ownIndex);
    this.orders.push(taker);
    const reachableMinor = reachable.reduce((sum, maker) => sum + maker.remainingMinor, 0);
    if (timeInForce === 'FOK' && reachableMinor < taker.sizeMinor) {
      this.finishTaker(taker, 'FOK');
      return;
    }
    this.fillAgainst(taker, reachable);
    if (taker.remainingMinor === 0) taker.state = 'FILLED';
    else if (ownIndex >= 0) return this.finishTaker(taker, 'SELF_MATCH');
    else if (timeInForce !== 'GTC') return this.finishTaker(taker, 'IOC');
    else this.pushLevel(taker.runnerIndex, taker.side, taker.priceTick);
    this.events.push({ type: 'ORDER', ...snapshot(taker) });
  }

  private fillAgainst(taker: RefOrder, makers: RefOrder[]): void {
    let levelTick: number | null = null;
    for (const maker of makers) {
      if (taker.remainingMinor === 0) break;
      if (levelTick !== null && levelTick !== maker.priceTick)
        this.pushLevel(maker.runnerIndex, maker.side, levelTick);
      levelTick = maker.priceTick;
      const fillMinor =
        taker.remainingMinor < maker.remainingMinor ? taker.remainingMinor : maker.remainingMinor;
      taker.remainingMinor -= fillMinor;
      taker.matchedMinor += fillMinor;
      maker.remainingMinor -= fillMinor;
      maker.matchedMinor += fillMinor;
      this.events.push({
        type: 'FILL',
        runnerIndex: taker.runnerIndex,
        priceTick: maker.priceTick,
        sizeMinor: fillMinor,
        takerSide: taker.side,
        takerOrderId: taker.orderId,
        takerAccountId: taker.accountId,
        makerOrderId: maker.orderId,
        makerAccountId: maker.accountId,
        makerRemainingMinor: maker.remainingMinor,
      });
      if (maker.remainingMinor === 0) {
        maker.state = 'FILLED';
        this.events.push({ type: 'ORDER', ...snapshot(maker) });
      }
    }
    const makerSide: Side = taker.side === 'BACK' ? 'LAY' : 'BACK';
    if (levelTick !== null) this.pushLevel(taker.runnerIndex, makerSide, levelTick);
  }

  private finishTaker(taker: RefOrder, reason: CancelReason): void {
    taker.cancelledMinor += taker.remainingMinor;
    taker.remainingMinor = 0;
    this.markCancelled(taker, reason);
    this.events.push({ type: 'ORDER', ...snapshot(taker) });
  }

  private markCancelled(order: RefOrder, reason: CancelReason): void {
    order.state = 'CANCELLED';
    order.cancelReason = reason;
  }

  private cancelWhole(order: RefOrder, reason: CancelReason): void {
    order.cancelledMinor += order.remainingMinor;
    order.remainingMinor = 0;
    this.markCancelled(order, reason);
    this.pushLevel(order.runnerIndex, order.side, order.priceTick);
    this.events.push({ type: 'ORDER', ...snapshot(order) });
  }

  private setStatus(status: MarketStatus, inPlay: boolean): Result<OpOutcome> {
    if (this.marketStatus === 'CLOSED') return err('MARKET_CLOSED');
    this.events = [];
    const turningInPlay = inPlay && !this.inPlay;
    for (const order of this.orders.filter((o) => o.state === 'RESTING')) {
      if (status === 'CLOSED') this.cancelWhole(order, 'MARKET_CLOSED');
      else if (turningInPlay && order.persistence === 'LAPSE') this.cancelWhole(order, 'LAPSED');
    }
    this.marketStatus = status;
    this.inPlay = inPlay;
    this.events.push({ type: 'STATUS', status, inPlay });
    return ok({ events: this.events });
  }

  private pushLevel(runnerIndex: number, side: Side, priceTick: number): void {
    const sizeMinor = this.levelTotal(runnerIndex, side, priceTick);
    this.events.push({ type: 'LEVEL', runnerIndex, side, priceTick, sizeMinor });
  }
}
