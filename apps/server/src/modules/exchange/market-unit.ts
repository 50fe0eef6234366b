import type { BetStatus } from '@backlay/contracts';
import {
  LineMarketRisk,
  priceHundredthsOfTick,
  type ExchangeEvent,
  type ExchangeMarket,
  type FillEvent,
  type OrderEvent,
  type RunnerMarketRisk,
} from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type { Effects } from './effects.ts';
import { newMirrorState, type MirrorState } from './mirror-state.ts';
import type { BetState, LadderJson, MarketInfo, RunnerRemoval } from './types.ts';

/**
 * One market in memory on its owner (docs/decisions/0130): the order book, every account's risk, the
 * players' bets and what the database already holds. Commands change it one at a time; each change is
 * recorded in an Effects for the group commit.
 */
export class MarketUnit {
  readonly bets = new Map<string, BetState>();
  /** `${playerId} ${clientRef}` → bet id. */
  readonly clientRefs = new Map<string, string>();
  /** Each account's exposure as last recorded for its hold. */
  readonly exposures = new Map<string, bigint>();
  /** Accounts whose hold on this market exists in the ledger (or will, once the batch commits). */
  readonly openHolds = new Set<string>();
  readonly makerOrders = new Set<string>();
  makerQuote = '';
  /** The house quotes last written (house markets), to write only changes. */
  houseLadderKey = '';
  makerOrderCount = 0;
  /** Runners the source removed, as applied here (docs/decisions/0269), by runner id. */
  readonly removals = new Map<string, RunnerRemoval>();
  /** Whether and how the house quotes follow a source's book (docs/decisions/0271). */
  mirror: MirrorState = newMirrorState();
  bookVersion: number;
  settled: boolean;
  /** A batch carrying this market's changes failed: rebuild from the database before the next command. */
  stale = false;
  nextSeq: number;
  /** Risk of a house line market (FANCY, KHADO, ODD_EVEN); runner markets use `risk`. */
  readonly lineRisk: LineMarketRisk | null;

  constructor(
    public info: MarketInfo,
    readonly engine: ExchangeMarket,
    readonly risk: RunnerMarketRisk,
    state: { bookVersion: number; settled: boolean; nextSeq: number },
  ) {
    this.bookVersion = state.bookVersion;
    this.settled = state.settled;
    this.nextSeq = state.nextSeq;
    this.lineRisk = LINE_TYPES.has(info.type) ? new LineMarketRisk() : null;
  }

  get id(): string {
    return this.info.id;
  }

  /**
   * How many runners win (docs/decisions/0282): the market's number of winners, but no more than the
   * runners the source has not removed, since a removed runner cannot win.
   */
  paidWinners(): number {
    return Math.max(1, Math.min(this.info.numberOfWinners, this.info.runners.length - this.removals.size));
  }

  /** The market's terms or a removal may change how many runners win: holds follow every position. */
  refreshWinners(effects: Effects): void {
    if (!this.settled) this.#recordExposures(this.risk.setWinners(this.paidWinners()), effects);
  }

  runnerIndexOf(runnerId: string): number {
    return this.info.runners.findIndex((runner) => runner.id === runnerId);
  }

  /** Folds engine events into bets, holds and the ladder; `nowIso` stamps the touched bets. */
  apply(events: readonly ExchangeEvent[], effects: Effects, nowIso: string): void {
    // Each touched bet, and whether its whole stake lapsed at the off just now.
    const touched = new Map<BetState, boolean>();
    let bookChanged = false;
    for (const event of events) {
      if (event.type === 'FILL') this.#fill(event, effects, touched);
      else if (event.type === 'ORDER') this.#order(event, touched);
      else bookChanged = true;
    }
    for (const [bet, lapsedNow] of touched) {
      bet.status = liveStatus(bet, lapsedNow);
      bet.updatedAt = nowIso;
      effects.bet(bet);
    }
    this.#recordExposures(this.risk.apply(events), effects);
    if (bookChanged) this.recordBook(effects);
  }

  /** A new ladder for the market: the book's, or the house's quotes on a house market. */
  recordBook(effects: Effects, ladder: LadderJson = this.ladder()): void {
    this.bookVersion += 1;
    effects.books.set(this.id, { version: this.bookVersion, ladder });
    effects.markets.add(this.id);
  }

  /** Recomputed after every bet that changes the book: a loop, with no closure made per call. */
  ladder(): LadderJson {
    const ladder: LadderJson = {};
    const { runners } = this.info;
    for (let index = 0; index < runners.length; index += 1) {
      const result = this.engine.ladder(index, 3);
      const levels = result.ok ? result.value : { availableToBack: [], availableToLay: [] };
      ladder[runners[index]!.id] = {
        back: levels.availableToBack.map(levelJson),
        lay: levels.availableToLay.map(levelJson),
      };
    }
    return ladder;
  }

  #fill(event: FillEvent, effects: Effects, touched: Map<BetState, boolean>): void {
    effects.fills.push({
      marketId: this.id,
      runnerIndex: event.runnerIndex,
      priceTick: event.priceTick,
      sizeMinor: event.sizeMinor,
      takerSide: event.takerSide,
      takerOrderId: event.takerOrderId,
      takerAccountId: event.takerAccountId,
      makerOrderId: event.makerOrderId,
      makerAccountId: event.makerAccountId,
    });
    const sizeMinor = BigInt(event.sizeMinor);
    const value = sizeMinor * BigInt(priceHundredthsOfTick(event.priceTick));
    for (const orderId of [event.takerOrderId, event.makerOrderId]) {
      const bet = this.bets.get(orderId);
      if (!bet) continue;
      bet.matchedMinor += sizeMinor;
      bet.matchedValue += value;
      touched.set(bet, false);
    }
    if (event.makerRemainingMinor === 0) this.makerOrders.delete(event.makerOrderId);
  }

  #order(event: OrderEvent, touched: Map<BetState, boolean>): void {
    if (event.state !== 'RESTING') this.makerOrders.delete(event.orderId);
    const bet = this.bets.get(event.orderId);
    if (!bet) return;
    bet.cancelledMinor = BigInt(event.cancelledMinor);
    touched.set(bet, event.cancelReason === 'LAPSED');
  }

  /** Records exposure changes computed outside the book (house bets). */
  recordExposures(changes: readonly { accountId: string; exposureMinor: bigint }[], effects: Effects): void {
    this.#recordExposures(changes, effects);
  }

  #recordExposures(changes: readonly { accountId: string; exposureMinor: bigint }[], effects: Effects) {
    for (const change of changes) {
      const before = this.exposures.get(change.accountId) ?? 0n;
      if (before === change.exposureMinor && this.openHolds.has(change.accountId)) continue;
      this.exposures.set(change.accountId, change.exposureMinor);
      effects.hold({
        marketId: this.id,
        accountId: change.accountId,
        exposureMinor: change.exposureMinor,
      });
      this.openHolds.add(change.accountId);
      effects.reserve(change.accountId, change.exposureMinor - before);
    }
  }
}

const levelJson = (level: { priceTick: number; sizeMinor: number }) => ({
  price: priceHundredthsOfTick(level.priceTick) / 100,
  size: formatMinor(BigInt(level.sizeMinor)),
});

/** House markets that settle on a final value rather than a winning runner. */
export const LINE_TYPES: ReadonlySet<string> = new Set(['FANCY', 'KHADO', 'ODD_EVEN']);

/** A bet's status from its parts while its market is open; `lapsedNow`: cancelled by the off. */
export function liveStatus(bet: BetState, lapsedNow = false): BetStatus {
  const remaining = remainingMinor(bet);
  if (remaining > 0n) return bet.matchedMinor > 0n ? 'PARTIALLY_MATCHED' : 'UNMATCHED';
  if (bet.matchedMinor > 0n) return 'MATCHED';
  return lapsedNow ? 'LAPSED' : 'CANCELLED';
}

export const remainingMinor = (bet: BetState): bigint =>
  bet.stakeMinor - bet.matchedMinor - bet.cancelledMinor - (bet.voidedMinor ?? 0n);
