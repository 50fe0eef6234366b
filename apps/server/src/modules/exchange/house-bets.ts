import type { BetSide } from '@backlay/contracts';
import { priceHundredthsOfTick, type LineBet } from '@backlay/exchange';
import { reject, type Rejection, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { exposureIncreaseRefusal, refusalBeforeAdmission } from './admit.ts';
import { betView } from './bet-view.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection } from './errors.ts';
import { houseQuotes, lineKindOf } from './house-quotes.ts';
import type { MarketUnit } from './market-unit.ts';
import { namesOf } from './names.ts';
import type { PlaceAnswer, PlaceCommand } from './place-command.ts';
import type { BetState } from './types.ts';

const backOnly = () =>
  reject('unprocessable', 'BACK_ONLY', 'This market takes a bet on one of its outcomes only.');
const oddsChanged = () =>
  reject('conflict', 'ODDS_CHANGED', 'The odds have moved; check the new price and place the bet again.');

/**
 * A bet against the house (docs/decisions/0137): taken whole at the house's current price when the
 * player's price is that or better for the house, matched at once. On a fancy, No is a back on the line
 * staying under (a lay of Yes and a back of No are the same bet).
 */
export async function placeHouseBet(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: PlaceCommand,
  stakeMinor: bigint,
): Promise<Result<PlaceAnswer> | Deferred<PlaceAnswer>> {
  const target = normalise(unit, command.runnerId, command.side);
  if (!target.ok) return target;
  const { runnerIndex, side } = target.value;
  const quote = houseQuotes(unit)[runnerIndex];
  const tick = side === 'BACK' ? quote?.backTick : quote?.layTick;
  if (tick === null || tick === undefined) return betError('MARKET_SUSPENDED');
  if (command.side === side && (side === 'BACK' ? command.priceTick > tick : command.priceTick < tick))
    return oddsChanged();
  const rate = priceHundredthsOfTick(tick) - 100;
  const lineBet = lineBetFor(unit, unit.info.runners[runnerIndex]!.id, stakeMinor, rate);
  if (unit.lineRisk && !lineBet) return betError('MARKET_SUSPENDED');
  const increase = lineBet
    ? unit.lineRisk!.holdIncreaseMinor(command.playerId, lineBet)
    : unit.risk.holdIncreaseMinor(command.playerId, {
        runnerIndex,
        side,
        priceTick: tick,
        sizeMinor: Number(stakeMinor),
      });
  if (!increase.ok) return engineRejection(increase.code);
  const refused =
    (await refusalBeforeAdmission(ctx, unit, command.playerId)) ??
    exposureIncreaseRefusal(ctx, unit, command.playerId, {
      increaseMinor: increase.value,
      stake: { kind: 'stake', stakeMinor },
    });
  if (refused) return refused;
  const added = lineBet
    ? unit.lineRisk!.addBet(command.playerId, lineBet)
    : unit.risk.addBookmakerBet(command.playerId, { runnerIndex, side, stakeMinor, rate });
  if (!added.ok) return engineRejection(added.code);
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const bet = houseBet(unit, command, { runnerIndex, side, tick, stakeMinor, nowIso });
  unit.bets.set(bet.id, bet);
  unit.clientRefs.set(`${bet.playerId} ${bet.clientRef}`, bet.id);
  const effects = new Effects();
  unit.recordExposures([added.value], effects);
  effects.bet(bet);
  const answer = { bet: betView(bet, namesOf(unit, bet)), replayed: false, selfMatched: false };
  return commit(ctx, effects, answer, undefined, true);
}

function normalise(
  unit: MarketUnit,
  runnerId: string,
  side: BetSide,
): Result<{ runnerIndex: number; side: BetSide }> | Rejection {
  const index = unit.runnerIndexOf(runnerId);
  if (index < 0) return betError('UNKNOWN_RUNNER');
  if (unit.info.type === 'BOOKMAKER' || side === 'BACK')
    return { ok: true, value: { runnerIndex: index, side } };
  if (unit.info.type !== 'FANCY') return backOnly();
  const other = unit.runnerIndexOf(runnerId === 'yes' ? 'no' : 'yes');
  return other < 0 ? backOnly() : { ok: true, value: { runnerIndex: other, side: 'BACK' } };
}

/** The line bet a house bet on a line market is, at the line in force now (null: no line yet). */
export function lineBetFor(
  unit: MarketUnit,
  runnerId: string,
  stakeMinor: bigint,
  rate: number,
  line = unit.info.line,
): LineBet | null {
  const kind = lineKindOf(unit.info.type, runnerId);
  if (!kind || !line) return null;
  return {
    kind,
    line: line.line,
    ...(line.rangeRuns ? { rangeRuns: line.rangeRuns } : {}),
    stakeMinor,
    rate,
  };
}

function houseBet(
  unit: MarketUnit,
  command: PlaceCommand,
  at: { runnerIndex: number; side: BetSide; tick: number; stakeMinor: bigint; nowIso: string },
): BetState {
  return {
    id: command.betId,
    seq: unit.nextSeq++,
    playerId: command.playerId,
    marketId: unit.id,
    runnerId: unit.info.runners[at.runnerIndex]!.id,
    runnerIndex: at.runnerIndex,
    side: at.side,
    priceTick: at.tick,
    stakeMinor: at.stakeMinor,
    matchedMinor: at.stakeMinor,
    matchedValue: at.stakeMinor * BigInt(priceHundredthsOfTick(at.tick)),
    cancelledMinor: 0n,
    status: 'MATCHED',
    persistence: 'LAPSE',
    clientRef: command.clientRef,
    fingerprint: command.fingerprint,
    profitMinor: null,
    line: unit.lineRisk ? unit.info.line : null,
    placedAt: at.nowIso,
    updatedAt: at.nowIso,
  };
}

/**
 * The price a house bet stands at in hundredths: the one it was taken at, or that reduced by non-runners
 * (docs/decisions/0284), which its matched value carries as a reduced fill's does.
 */
export const standingHundredthsOf = (bet: BetState): number =>
  bet.matchedMinor > 0n ? Number(bet.matchedValue / bet.matchedMinor) : priceHundredthsOfTick(bet.priceTick);

/** Replays a stored house bet into the market's risk when the market is loaded. */
export function replayHouseBet(unit: MarketUnit, bet: BetState): void {
  if (unit.lineRisk) {
    const rate = priceHundredthsOfTick(bet.priceTick) - 100;
    const lineBet = lineBetFor(unit, bet.runnerId, bet.matchedMinor, rate, bet.line);
    if (lineBet) unit.lineRisk.addBet(bet.playerId, lineBet);
    return;
  }
  unit.risk.addBookmakerBet(bet.playerId, {
    runnerIndex: bet.runnerIndex,
    side: bet.side,
    stakeMinor: bet.matchedMinor,
    rate: standingHundredthsOf(bet) - 100,
  });
}
