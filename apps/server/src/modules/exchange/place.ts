import { ok, type Rejection, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { exposureIncreaseRefusal, refusalBeforeAdmission } from './admit.ts';
import { betView } from './bet-view.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection, inPlayDelay, runnerRemoved } from './errors.ts';
import { liveStatus, type MarketUnit } from './market-unit.ts';
import { namesOf } from './names.ts';
import { placeHouseBet } from './house-bets.ts';
import { stakeLimitRefusal } from './stake-limits.ts';
import type { PlaceAnswer, PlaceCommand } from './place-command.ts';
import type { BetState } from './types.ts';

/** Places a player's order: idempotent per clientRef, admitted by the gate, matched at once. */
export async function placeBet(
  ctx: ExchangeContext,
  unit: MarketUnit,
  command: PlaceCommand,
): Promise<Result<PlaceAnswer> | Deferred<PlaceAnswer>> {
  const known = replay(unit, command);
  if (known) return known;
  const owedSeconds = delayOwedSeconds(unit, command);
  if (owedSeconds > 0) return inPlayDelay(owedSeconds);
  if (unit.removals.has(command.runnerId)) return runnerRemoved();
  const stakeMinor = BigInt(command.stakeMinor);
  const invalid = checkPlace(unit, command, stakeMinor);
  if (invalid) return invalid;
  if (unit.info.housePriced) return placeHouseBet(ctx, unit, command, stakeMinor);
  const runnerIndex = unit.runnerIndexOf(command.runnerId);
  const intent = {
    runnerIndex,
    side: command.side,
    priceTick: command.priceTick,
    sizeMinor: Number(stakeMinor),
  };
  const increase = unit.risk.holdIncreaseMinor(command.playerId, intent);
  if (!increase.ok) return engineRejection(increase.code);
  const admittedAtHome =
    command.admittedMinor !== undefined && increase.value <= BigInt(command.admittedMinor);
  const refused = admittedAtHome
    ? null
    : ((await refusalBeforeAdmission(ctx, unit, command.playerId)) ??
      exposureIncreaseRefusal(ctx, unit, command.playerId, {
        increaseMinor: increase.value,
        stake: { kind: 'stake', stakeMinor },
      }));
  if (refused) return refused;
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const bet = newBet(unit, command, runnerIndex, stakeMinor, nowIso);
  if (command.lapse) return lapseAtOnce(ctx, unit, bet);
  const placed = unit.engine.place({
    orderId: bet.id,
    accountId: bet.playerId,
    ...intent,
    persistence: bet.persistence,
    ...timeInForceOf(command),
  });
  if (!placed.ok) return engineRejection(placed.code);
  unit.bets.set(bet.id, bet);
  unit.clientRefs.set(`${bet.playerId} ${bet.clientRef}`, bet.id);
  const effects = new Effects();
  unit.apply(placed.value.events, effects, nowIso);
  bet.status = liveStatus(bet);
  effects.bet(bet);
  const selfMatched = placed.value.events.some(
    (event) => event.type === 'ORDER' && event.orderId === bet.id && event.cancelReason === 'SELF_MATCH',
  );
  const answer = { bet: betView(bet, namesOf(unit, bet)), replayed: false, selfMatched };
  const committing = commit(
    ctx,
    effects,
    answer,
    admittedAtHome ? tellHome(ctx, bet.playerId) : undefined,
    true,
  );
  command.endHomeReservation?.(); // this owner's reservation now stands for the home's
  return committing;
}

/** What the player's home learns with the answer: the cash and holds this bet's batch left. */
const tellHome =
  (ctx: ExchangeContext, playerId: string) =>
  (answer: PlaceAnswer, learnedBefore: number): PlaceAnswer => {
    const money = ctx.admission.funds.moneyLearnedSince(playerId, learnedBefore);
    if (!money) return answer;
    const moneyAfter = {
      cashMinor: money.cashMinor.toString(),
      exposureMinor: money.exposureMinor.toString(),
    };
    return { ...answer, moneyAfter };
  };

/** A bet that never reaches the book: recorded LAPSED with its whole stake, holding nothing. */
function lapseAtOnce(
  ctx: ExchangeContext,
  unit: MarketUnit,
  bet: BetState,
): Result<PlaceAnswer> | Deferred<PlaceAnswer> {
  bet.cancelledMinor = bet.stakeMinor;
  bet.status = 'LAPSED';
  unit.bets.set(bet.id, bet);
  unit.clientRefs.set(`${bet.playerId} ${bet.clientRef}`, bet.id);
  const effects = new Effects();
  effects.bet(bet);
  const answer = { bet: betView(bet, namesOf(unit, bet)), replayed: false, selfMatched: false };
  return commit(ctx, effects, answer, undefined, true);
}

function timeInForceOf(command: PlaceCommand) {
  if (command.fillOrKill)
    return { timeInForce: 'FOK' as const, minFillMinor: Number(command.fillOrKill.minFillMinor) };
  return { timeInForce: command.immediateOnly ? ('IOC' as const) : ('GTC' as const) };
}

/** Whole seconds of the market's in-play delay the order has yet to wait (0: none). */
function delayOwedSeconds(unit: MarketUnit, command: PlaceCommand): number {
  const { inPlay, betDelaySec } = unit.info;
  if (command.waitedMs === undefined || !inPlay || betDelaySec <= 0) return 0;
  return Math.max(0, Math.ceil((betDelaySec * 1000 - command.waitedMs) / 1000));
}

function replay(unit: MarketUnit, command: PlaceCommand): Result<PlaceAnswer> | null {
  const betId = unit.clientRefs.get(`${command.playerId} ${command.clientRef}`);
  const bet = betId === undefined ? undefined : unit.bets.get(betId);
  if (!bet) return null;
  if (bet.fingerprint !== command.fingerprint) return betError('IDEMPOTENCY_CONFLICT');
  return ok({ bet: betView(bet, namesOf(unit, bet)), replayed: true, selfMatched: false });
}

function checkPlace(unit: MarketUnit, command: PlaceCommand, stakeMinor: bigint): Rejection | null {
  const status = unit.info.status;
  if (unit.settled || unit.engine.status() === 'CLOSED' || (status !== 'OPEN' && status !== 'SUSPENDED'))
    return betError('MARKET_CLOSED');
  if (status === 'SUSPENDED' || unit.engine.status() === 'SUSPENDED') return betError('MARKET_SUSPENDED');
  if (unit.runnerIndexOf(command.runnerId) < 0) return betError('UNKNOWN_RUNNER');
  // A cash out takes whatever hedge is left, however small; the market's maximum still applies.
  return stakeLimitRefusal(unit.info, stakeMinor, !command.immediateOnly);
}

function newBet(
  unit: MarketUnit,
  command: PlaceCommand,
  runnerIndex: number,
  stakeMinor: bigint,
  nowIso: string,
): BetState {
  return {
    id: command.betId,
    seq: unit.nextSeq++,
    playerId: command.playerId,
    marketId: unit.id,
    runnerId: command.runnerId,
    runnerIndex,
    side: command.side,
    priceTick: command.priceTick,
    stakeMinor,
    matchedMinor: 0n,
    matchedValue: 0n,
    cancelledMinor: 0n,
    status: 'UNMATCHED',
    persistence: command.persistence,
    clientRef: command.clientRef,
    fingerprint: command.fingerprint,
    profitMinor: null,
    line: null,
    placedAt: nowIso,
    updatedAt: nowIso,
  };
}
