import {
  factorBasisPointsOf,
  priceHundredthsOfTick,
  reducedPriceHundredths,
  type ReductionKind,
} from '@backlay/exchange';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, exchangeUnavailable } from './errors.ts';
import { removeHouseRunner } from './house-removal.ts';
import type { MarketUnit } from './market-unit.ts';
import { readStandingFills, type StandingFill } from './remove-runner-load.ts';
import type { BetState, RunnerRemoval } from './types.ts';

/** A runner the source removed: its adjustment factor as a percent (25 = 25 %), and when it went. */
export type RunnerRemovalRequest = { runnerId: string; adjustmentFactor: number; removedAtMs: number };
/** Plain JSON, so that it can be forwarded to the market's owner like any market command. */
export type RemoveRunnerCommand = { type: 'removeRunner' } & RunnerRemovalRequest;
/** `applied` false: the runner was removed before, and nothing changed now. */
export type RemoveRunnerAnswer = {
  applied: boolean;
  voidedBets: number;
  cancelledOrders: number;
  reducedFills: number;
};

/** Market types whose reduction applies to the winnings only (Betfair's place markets). */
const PLACE_TYPES: ReadonlySet<string> = new Set(['PLACE', 'OTHER_PLACE']);

const refusals = {
  factor: () =>
    reject('invalid', 'INVALID_ADJUSTMENT_FACTOR', 'The adjustment factor is a percent from 0 to below 100.'),
  time: () => reject('invalid', 'INVALID_REMOVAL_TIME', 'removedAtMs is a time in milliseconds since 1970.'),
  settled: () =>
    reject('conflict', 'MARKET_SETTLED', 'The market is settled: a runner cannot be removed from it now.'),
  housePriced: () =>
    reject('conflict', 'HOUSE_PRICED_MARKET', 'A house-priced market has no matched fills to reduce.'),
};

/**
 * Applies a non-runner (Betfair rule 13.7, docs/decisions/0269) on the market's owner, once: every bet
 * on the removed runner is void (its matches voided on both sides), every unmatched bet of the market is
 * cancelled, and each fill on another runner matched before the removal stands at its price reduced by
 * the factor of every removal after it. Bets, fills, holds and the removal itself go through the group
 * commit like any command; the risk in memory moves with them, so holds shrink at once.
 */
export async function removeRunner(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: RemoveRunnerCommand,
): Promise<Result<RemoveRunnerAnswer> | Deferred<RemoveRunnerAnswer>> {
  const removal = checkRemoval(unit, command);
  if (!removal.ok) return removal;
  if (unit.removals.has(removal.value.runnerId))
    return ok({ applied: false, voidedBets: 0, cancelledOrders: 0, reducedFills: 0 });
  if (unit.settled) return refusals.settled();
  if (unit.info.type === 'BOOKMAKER') return removeHouseRunner(ctx, unit, removal.value);
  if (unit.info.housePriced) return refusals.housePriced();
  // The fills of earlier commands must be written before they are read back with their match times.
  await ctx.committer.idle();
  if (unit.stale) return exchangeUnavailable();
  const fills = await readStandingFills(ctx.db, unit.id);
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const effects = new Effects();
  const runnerIndex = unit.runnerIndexOf(removal.value.runnerId);
  const onRunner = [...unit.bets.values()].filter(
    (bet) => bet.runnerIndex === runnerIndex && STANDING.has(bet.status),
  );
  const cancelledOrders = cancelUnmatched(unit, effects, nowIso);
  unit.removals.set(removal.value.runnerId, removal.value);
  unit.refreshWinners(effects);
  const change = new FillChanges(unit, effects, nowIso);
  let reducedFills = 0;
  for (const fill of fills) {
    if (fill.runnerIndex === runnerIndex) change.void(fill);
    else if (change.reprice(fill, reductionKindOf(unit))) reducedFills += 1;
  }
  for (const bet of onRunner) {
    bet.status = 'VOID';
    bet.profitMinor = 0n;
    change.touched.add(bet);
  }
  change.finish();
  effects.removals.push({ marketId: unit.id, ...removal.value });
  effects.markets.add(unit.id);
  const answer = { applied: true, voidedBets: onRunner.length, cancelledOrders, reducedFills };
  return commit(ctx, effects, answer);
}

const STANDING: ReadonlySet<string> = new Set(['UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED']);

function checkRemoval(unit: MarketUnit, command: RemoveRunnerCommand): Result<RunnerRemoval> {
  if (typeof command.runnerId !== 'string' || unit.runnerIndexOf(command.runnerId) < 0)
    return betError('UNKNOWN_RUNNER');
  const factorBasisPoints =
    typeof command.adjustmentFactor === 'number' ? factorBasisPointsOf(command.adjustmentFactor) : null;
  if (factorBasisPoints === null) return refusals.factor();
  if (!Number.isSafeInteger(command.removedAtMs) || command.removedAtMs < 0) return refusals.time();
  return ok({ runnerId: command.runnerId, factorBasisPoints, removedAtMs: command.removedAtMs });
}

const reductionKindOf = (unit: MarketUnit): ReductionKind =>
  PLACE_TYPES.has(unit.info.type) ? 'PLACE' : 'WIN';

/** Cancels everything resting in the book, the market maker's quotes too; answers how many. */
function cancelUnmatched(unit: MarketUnit, effects: Effects, nowIso: string): number {
  const orders = unit.engine.liveOrders();
  for (const order of orders) {
    const cancelled = unit.engine.cancel(order.orderId);
    if (cancelled.ok) unit.apply(cancelled.value.events, effects, nowIso);
  }
  unit.makerOrders.clear();
  unit.makerQuote = '';
  return orders.length;
}

/** Fills voided or repriced in memory and in the effects, with the bets and exposures they touch. */
class FillChanges {
  readonly touched = new Set<BetState>();
  readonly #exposures = new Map<string, bigint>();

  constructor(
    private readonly unit: MarketUnit,
    private readonly effects: Effects,
    private readonly nowIso: string,
  ) {}

  /** A fill on the removed runner: out of both bets (their voided part) and both positions. */
  void(fill: StandingFill): void {
    this.#record(this.unit.risk.moveMatched(fill, fill.priceHundredths, null));
    for (const bet of this.#betsOf(fill)) {
      bet.matchedMinor -= fill.sizeMinor;
      bet.matchedValue -= fill.sizeMinor * BigInt(fill.priceHundredths);
      bet.voidedMinor = (bet.voidedMinor ?? 0n) + fill.sizeMinor;
    }
    this.effects.fillChanges.set(fill.id, { id: fill.id, priceHundredths: null, voidedAt: this.nowIso });
  }

  /**
   * A fill on another runner stands at its ladder price reduced by every removal after it matched
   * (factors compound and round once); answers whether its price moved.
   */
  reprice(fill: StandingFill, kind: ReductionKind): boolean {
    const factors = [...this.unit.removals.values()]
      .filter((removal) => fill.matchedAtMs < removal.removedAtMs)
      .map((removal) => removal.factorBasisPoints);
    const target = reducedPriceHundredths(priceHundredthsOfTick(fill.priceTick), factors, kind);
    if (target === fill.priceHundredths) return false;
    this.#record(this.unit.risk.moveMatched(fill, fill.priceHundredths, target));
    for (const bet of this.#betsOf(fill))
      bet.matchedValue += fill.sizeMinor * BigInt(target - fill.priceHundredths);
    this.effects.fillChanges.set(fill.id, { id: fill.id, priceHundredths: target, voidedAt: null });
    return true;
  }

  /** Writes the touched bets and the accounts' new exposures (their holds follow). */
  finish(): void {
    for (const bet of this.touched) {
      bet.updatedAt = this.nowIso;
      this.effects.bet(bet);
    }
    const changes = [...this.#exposures].map(([accountId, exposureMinor]) => ({ accountId, exposureMinor }));
    this.unit.recordExposures(changes, this.effects);
  }

  #betsOf(fill: StandingFill): BetState[] {
    const bets = [fill.takerOrderId, fill.makerOrderId].flatMap((id) => this.unit.bets.get(id) ?? []);
    for (const bet of bets) this.touched.add(bet);
    return bets;
  }

  #record(changes: readonly { accountId: string; exposureMinor: bigint }[]): void {
    for (const change of changes) this.#exposures.set(change.accountId, change.exposureMinor);
  }
}
