import type { VoidedBet } from '@backlay/contracts';
import { RunnerMarketRisk } from '@backlay/exchange';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import { ok, reject, type Rejection, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/index.ts';
import { isCasinoBet } from '../casino/index.ts';
import { roundBetProduct } from '../tables/index.ts';
import { writeBatch } from './batch-write.ts';
import { Effects } from './effects.ts';
import { betError, engineRejection, exchangeUnavailable } from './errors.ts';
import { replayHouseBet } from './house-bets.ts';
import { cancelRest, voidMatchedBet } from './bet-void-matched.ts';
import { MarketUnit } from './market-unit.ts';
import { publishEffects, type CorrectingExchange } from './publish.ts';
import type { BetState } from './types.ts';

export type VoidBetCommand = { type: 'voidBet'; betId: string; actor: AuditActor; reason: string };

const refusals = {
  settled: () =>
    reject(
      'conflict',
      'MARKET_SETTLED',
      'The market of this bet is settled: re-settle or void the market instead of one bet.',
    ),
  // No longer answered (docs/decisions/0251: a matched bet is voided with its counterparts' parts), but
  // kept in the codes clients know.
  matched: () =>
    reject(
      'conflict',
      'BET_MATCHED_ON_EXCHANGE',
      'This bet is matched against other players; void the market to void both sides of the match.',
    ),
  nothing: () =>
    reject('conflict', 'NOTHING_TO_VOID', 'Nothing of this bet stands: it was cancelled or lapsed.'),
};

/**
 * Voids one exchange bet on its market's owner (docs/decisions/0243, 0251): a bet against the house on a
 * house-priced market (only the player's side exists), a bet nothing of which matched, or a bet matched
 * against other players, whose matches are voided on both sides (bet-void-matched.ts). What was held
 * for it goes back to the player through the exposure hold, the bet shows VOID with nothing matched, and
 * the audit row is written in the same transaction. A bet void already answers as it is and changes
 * nothing.
 */
export async function voidBet(
  service: CorrectingExchange,
  unit: MarketUnit,
  command: VoidBetCommand,
): Promise<Result<VoidedBet>> {
  const bet = unit.bets.get(command.betId);
  if (!bet) return betError('BET_NOT_FOUND');
  if (bet.status === 'VOID') return ok(voidedView(bet, 0n));
  if (unit.settled) return refusals.settled();
  if (bet.status === 'CANCELLED' || bet.status === 'LAPSED') return refusals.nothing();
  const { ctx } = service;
  // Earlier commands of this market may still be in the group commit; this write must follow them.
  await ctx.committer.idle();
  if (unit.stale) return exchangeUnavailable();
  if (!unit.info.housePriced && bet.matchedMinor > 0n) return voidMatchedBet(service, unit, bet, command);
  const before = { status: bet.status, matched: formatMinor(bet.matchedMinor) };
  const heldBefore = unit.exposures.get(bet.playerId) ?? 0n;
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const effects = new Effects();
  const taken = unit.info.housePriced
    ? withdrawHouseBet(unit, bet, effects)
    : cancelRest(unit, bet, effects, nowIso);
  if (taken) return taken;
  bet.matchedMinor = 0n;
  bet.matchedValue = 0n;
  // A part voided with a counterparty's bet (docs/decisions/0251) stays counted as voided.
  bet.cancelledMinor = bet.stakeMinor - (bet.voidedMinor ?? 0n);
  bet.status = 'VOID';
  bet.profitMinor = 0n;
  bet.updatedAt = nowIso;
  effects.bet(bet);
  const released = heldBefore - (unit.exposures.get(bet.playerId) ?? 0n);
  const record = { action: 'bet void', target: `bet:${bet.id}`, before, reason: command.reason };
  const after = { status: 'VOID', released: formatMinor(released) };
  await commitVoid(service, unit, effects, { ...record, after }, command.actor);
  return ok(voidedView(bet, released));
}

/**
 * Writes the void and its audit row in one transaction, and tells the funds gate and the subscribers
 * once it committed. On failure the market is rebuilt before its next command, as after a failed batch.
 */
async function commitVoid(
  service: CorrectingExchange,
  unit: MarketUnit,
  effects: Effects,
  record: AuditRecord,
  actor: AuditActor,
): Promise<void> {
  const funds = service.ctx.admission.funds;
  for (const [playerId, deltaMinor] of effects.reserved) funds.reserve(playerId, deltaMinor);
  try {
    await transaction(service.ctx.db, async (tx) => {
      const cashAfter = await writeBatch(tx, service.deps, effects);
      await recordAudit(tx, actor, record);
      afterCommit(async () => {
        funds.settle(effects.reserved, cashAfter);
        await publishEffects(service, effects);
      });
    });
  } catch (error) {
    unit.stale = true;
    funds.settle(effects.reserved, new Map());
    for (const playerId of effects.reserved.keys()) funds.forget(playerId);
    throw error;
  } finally {
    // The risk of a house market cannot drop one bet: it is rebuilt without it.
    if (unit.info.housePriced) unit.stale = true;
  }
}

/** A house bet leaves the player's position: the hold is set to what the player's other bets need. */
function withdrawHouseBet(unit: MarketUnit, bet: BetState, effects: Effects): Rejection | null {
  const runners = Math.max(unit.info.runners.length, 1);
  const risk = RunnerMarketRisk.create(runners, unit.risk.winnerCount);
  if (!risk.ok) return engineRejection(risk.code);
  const scratch = new MarketUnit(unit.info, unit.engine, risk.value, {
    bookVersion: 0,
    settled: false,
    nextSeq: 0,
  });
  for (const other of unit.bets.values())
    if (other.playerId === bet.playerId && other.id !== bet.id && other.status === 'MATCHED')
      replayHouseBet(scratch, other);
  const exposureMinor = scratch.lineRisk
    ? scratch.lineRisk.exposureMinor(bet.playerId)
    : scratch.risk.exposureMinor(bet.playerId);
  unit.recordExposures([{ accountId: bet.playerId, exposureMinor }], effects);
  return null;
}

const voidedView = (bet: BetState, releasedMinor: bigint): VoidedBet => ({
  id: bet.id,
  product: 'exchange',
  playerId: bet.playerId,
  market: bet.marketId,
  status: bet.status,
  stake: formatMinor(bet.stakeMinor),
  released: formatMinor(releasedMinor),
});

/**
 * Which product a bet id of the console's list belongs to: exchange bets name their market; the others
 * are refused by the caller (their rounds or the casino provider own them).
 */
export async function productOfBet(
  sql: Sql,
  betId: string,
): Promise<{ product: 'exchange'; marketId: string } | { product: 'tables' | 'crash' | 'casino' } | null> {
  const [exchange] = await sql.query<{ market_id: string }>('SELECT market_id FROM bets WHERE id = $1', [
    betId,
  ]);
  if (exchange) return { product: 'exchange', marketId: exchange.market_id };
  if (UUID.test(betId)) {
    const product = await roundBetProduct(sql, betId);
    if (product) return { product };
  }
  return (await isCasinoBet(sql, betId)) ? { product: 'casino' } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bets of the other products are voided with what owns them. */
export function notVoidableHere(product: 'tables' | 'crash' | 'casino'): Rejection {
  const message =
    product === 'casino'
      ? 'The casino provider owns its rounds: a casino bet is rolled back by the provider, not here.'
      : `A ${product === 'tables' ? 'table' : 'crash'} bet is voided with its round: void the round instead.`;
  return reject('conflict', 'BET_NOT_VOIDABLE', message);
}
