import { checkRunnerCount } from '../book/market-options.ts';
import { isValidTick } from '../ladder.ts';
import { err, ok, type Result } from '../result.ts';
import { settlementOf, type RunnerMarketResult, type Settlement } from '../settle/settlement-types.ts';
import type { ExchangeEvent, Side } from '../types.ts';
import { checkSizeMinor, checkStakeMinor } from '../validate.ts';
import { AccountPosition } from './account-position.ts';
import { commissionMinor, isValidBasisPoints, priceHundredthsOf } from './money.ts';
import { exposureOfOutcomes, winnerCountOf, type RunnerOutcomes } from './winners.ts';

export interface ExposureChange {
  readonly accountId: string;
  /** The account's new exposure on this market: the hold should be set to exactly this. */
  readonly exposureMinor: bigint;
}

export interface OrderIntent {
  readonly runnerIndex: number;
  readonly side: Side;
  readonly priceTick: number;
  readonly sizeMinor: number;
}

/** A standing fill as both of its sides hold it. */
export interface MatchedFill {
  readonly runnerIndex: number;
  readonly takerSide: Side;
  readonly sizeMinor: bigint;
  readonly takerAccountId: string;
  readonly makerAccountId: string;
}

/** A bookmaker (house-priced) bet: rate in paise per rupee, e.g. 45 means profit 0.45 per 1. */
export interface BookmakerBet {
  readonly runnerIndex: number;
  readonly side: Side;
  readonly stakeMinor: bigint;
  readonly rate: number;
}

export const MAX_BOOKMAKER_RATE = 99_900; // odds 1000, the top of the exchange ladder

/**
 * Per-account risk on one runner market (MATCH_ODDS, TIED_MATCH, bookmaker, odd/even): feed it the
 * engine's events (or house bets) and it answers each account's exposure, the hold a new order
 * needs, and finally the settlement. Exposure is the worst loss over every set of exactly `winnerCount`
 * runners winning (one unless the market pays several, docs/decisions/0282).
 */
export class RunnerMarketRisk {
  private readonly positions = new Map<string, AccountPosition>();
  private settled = false;
  private winners: number;

  private constructor(
    readonly runnerCount: number,
    numberOfWinners: number,
  ) {
    this.winners = winnerCountOf(numberOfWinners, runnerCount);
  }

  /** `numberOfWinners`: how many runners the market pays (1 unless more; capped at the runners). */
  static create(runnerCount: number, numberOfWinners = 1): Result<RunnerMarketRisk> {
    return checkRunnerCount(runnerCount) ?? ok(new RunnerMarketRisk(runnerCount, numberOfWinners));
  }

  get winnerCount(): number {
    return this.winners;
  }

  /**
   * Changes how many runners win (the market's terms, or fewer runners left to win); answers every
   * account's new exposure when the count moved, nothing otherwise.
   */
  setWinners(numberOfWinners: number): ExposureChange[] {
    const winners = winnerCountOf(numberOfWinners, this.runnerCount);
    if (winners === this.winners) return [];
    this.winners = winners;
    return [...this.positions.keys()].map((accountId) => ({
      accountId,
      exposureMinor: this.exposureMinor(accountId),
    }));
  }

  /** Applies fills and order changes; returns the new exposure of every account they touched. */
  apply(events: readonly ExchangeEvent[]): ExposureChange[] {
    const touched = new Set<string>();
    for (const event of events) {
      if (event.type === 'FILL') {
        const priceHundredths = priceHundredthsOf(event.priceTick);
        const makerSide: Side = event.takerSide === 'BACK' ? 'LAY' : 'BACK';
        const sizeMinor = BigInt(event.sizeMinor);
        this.position(event.takerAccountId).addMatched(
          event.runnerIndex,
          event.takerSide,
          sizeMinor,
          priceHundredths,
        );
        const maker = this.position(event.makerAccountId);
        maker.addMatched(event.runnerIndex, makerSide, sizeMinor, priceHundredths);
        maker.reduceUnmatched(event.makerOrderId, sizeMinor);
        touched.add(event.takerAccountId).add(event.makerAccountId);
      } else if (event.type === 'ORDER') {
        const part = { ...event, priceHundredths: priceHundredthsOf(event.priceTick) };
        this.position(event.accountId).setUnmatched(event.orderId, part, BigInt(event.remainingMinor));
        touched.add(event.accountId);
      }
    }
    return [...touched].map((accountId) => ({ accountId, exposureMinor: this.exposureMinor(accountId) }));
  }

  /**
   * Moves a standing fill to another price on both sides (a non-runner's reduction), or takes it out
   * (`toHundredths` null: the fill is void); answers both accounts' new exposure. Taking a fill out at
   * the price it was added at undoes it exactly: winnings round toward zero both ways.
   */
  moveMatched(fill: MatchedFill, fromHundredths: number, toHundredths: number | null): ExposureChange[] {
    if (this.settled) return [];
    const makerSide: Side = fill.takerSide === 'BACK' ? 'LAY' : 'BACK';
    const sides: [string, Side][] = [
      [fill.takerAccountId, fill.takerSide],
      [fill.makerAccountId, makerSide],
    ];
    for (const [accountId, side] of sides) {
      const position = this.position(accountId);
      position.addMatched(fill.runnerIndex, side, -fill.sizeMinor, fromHundredths);
      if (toHundredths !== null) position.addMatched(fill.runnerIndex, side, fill.sizeMinor, toHundredths);
    }
    const accounts = [...new Set([fill.takerAccountId, fill.makerAccountId])];
    return accounts.map((accountId) => ({ accountId, exposureMinor: this.exposureMinor(accountId) }));
  }

  /** Records a house-priced bet, matched at once at odds 1 + rate/100. */
  addBookmakerBet(accountId: string, bet: BookmakerBet): Result<ExposureChange> {
    if (this.settled) return err('ALREADY_SETTLED');
    if (!Number.isInteger(bet.runnerIndex) || bet.runnerIndex < 0 || bet.runnerIndex >= this.runnerCount) {
      return err('UNKNOWN_RUNNER');
    }
    if (!Number.isInteger(bet.rate) || bet.rate < 1 || bet.rate > MAX_BOOKMAKER_RATE)
      return err('INVALID_RATE');
    const badSize = checkStakeMinor(bet.stakeMinor);
    if (badSize !== null) return badSize;
    this.position(accountId).addMatched(bet.runnerIndex, bet.side, bet.stakeMinor, 100 + bet.rate);
    return ok({ accountId, exposureMinor: this.exposureMinor(accountId) });
  }

  exposureMinor(accountId: string): bigint {
    const position = this.positions.get(accountId);
    return position === undefined ? 0n : exposureOfOutcomes(position.outcomes(), this.winners);
  }

  /** P&L per outcome "runner i wins" alone. */
  outcomePnlMinor(accountId: string): bigint[] {
    return (this.positions.get(accountId) ?? new AccountPosition(this.runnerCount)).outcomePnlMinor();
  }

  /** The account's P&L on each runner if it loses and what its winning adds (winners.ts). */
  outcomes(accountId: string): RunnerOutcomes {
    return (this.positions.get(accountId) ?? new AccountPosition(this.runnerCount)).outcomes();
  }

  /** Extra hold needed before placing `order` (zero when it hedges); checks nothing else. */
  holdIncreaseMinor(accountId: string, order: OrderIntent): Result<bigint> {
    if (!isValidTick(order.priceTick)) return err('OFF_LADDER');
    if (
      !Number.isInteger(order.runnerIndex) ||
      order.runnerIndex < 0 ||
      order.runnerIndex >= this.runnerCount
    ) {
      return err('UNKNOWN_RUNNER');
    }
    const badSize = checkSizeMinor(order.sizeMinor);
    if (badSize !== null) return badSize;
    // A what-if must not leave an empty position behind (it would show up in settlement rows).
    const position = this.positions.get(accountId) ?? new AccountPosition(this.runnerCount);
    const before = exposureOfOutcomes(position.outcomes(), this.winners);
    const part = { ...order, priceHundredths: priceHundredthsOf(order.priceTick) };
    const sizeMinor = BigInt(order.sizeMinor);
    position.addAdverse(part, sizeMinor, 1n);
    const after = exposureOfOutcomes(position.outcomes(), this.winners);
    position.addAdverse(part, sizeMinor, -1n);
    return ok(after > before ? after - before : 0n);
  }

  /**
   * Settles matched bets once: net P&L per account, commission on net winnings, hold released.
   * Unmatched parts are void (close the engine market first so they are cancelled).
   */
  settle(result: RunnerMarketResult, commissionBasisPoints: number): Result<Settlement> {
    if (this.settled) return err('ALREADY_SETTLED');
    if (!isValidBasisPoints(commissionBasisPoints)) return err('INVALID_ARGUMENT');
    const winners = this.winnersOf(result);
    if (winners === null) return err('INVALID_RESULT');
    this.settled = true;
    const rows = [...this.positions].map(([accountId, position]) => {
      const grossPnlMinor = result.kind === 'VOID' ? 0n : position.settledPnlMinor(winners);
      const commission = commissionMinor(grossPnlMinor, commissionBasisPoints);
      const releasedHoldMinor = exposureOfOutcomes(position.outcomes(), this.winners);
      return {
        accountId,
        grossPnlMinor,
        commissionMinor: commission,
        netPnlMinor: grossPnlMinor - commission,
        releasedHoldMinor,
      };
    });
    return ok(settlementOf(rows));
  }

  isSettled(): boolean {
    return this.settled;
  }

  private winnersOf(result: RunnerMarketResult): ReadonlySet<number> | null {
    if (result.kind === 'VOID') return new Set();
    if (result.kind !== 'WINNERS' || result.runnerIndexes.length === 0) return null;
    const winners = new Set(result.runnerIndexes);
    const valid = [...winners].every(
      (runner) => Number.isInteger(runner) && runner >= 0 && runner < this.runnerCount,
    );
    return valid && winners.size === result.runnerIndexes.length ? winners : null;
  }

  private position(accountId: string): AccountPosition {
    let position = this.positions.get(accountId);
    if (position === undefined) {
      position = new AccountPosition(this.runnerCount);
      this.positions.set(accountId, position);
    }
    return position;
  }
}
