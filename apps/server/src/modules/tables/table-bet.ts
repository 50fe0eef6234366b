import { randomUUID } from 'node:crypto';
import { formatMinor } from '@backlay/ledger';
import { marketLimits, marketOf, type MarketDef } from '@backlay/tables';
import { ok, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { refKeyOf, takeBet } from './bet-intake.ts';
import { findBetByRef, type BetRow } from './bets-repo.ts';
import { admissionRefusal } from './admit.ts';
import type { TablesContext } from './context.ts';
import { tableError } from './errors.ts';
import { readRound } from './rounds-repo.ts';
import { replayOf } from './table-bet-write.ts';
import type { BetAnswer, TableUnit } from './table-types.ts';

/** A bet as it travels to the table's owner: JSON only, the stake as minor units in a string. */
export type BetCommand = {
  type: 'bet';
  playerId: string;
  roundId: number;
  marketId: string;
  stakeMinor: string;
  clientRef: string;
};

/**
 * Places a bet on the table's current round (docs/decisions/0150). The same clientRef answers the bet
 * it already placed (or IDEMPOTENCY_CONFLICT for another body) before anything else is judged; then the
 * round, the server clock, the market and its limits. An accepted bet joins the table's next group
 * commit and is answered once that batch (bet row and stake transfer) has committed.
 */
export async function placeBet(
  context: TablesContext,
  unit: TableUnit,
  command: BetCommand,
): Promise<Result<BetAnswer> | Deferred<BetAnswer>> {
  const stakeMinor = BigInt(command.stakeMinor);
  const fingerprint = `${unit.game.id}|${command.roundId}|${command.marketId}|${stakeMinor}`;
  return takeBet(unit, command, {
    replay: (bet) => replayOf(unit, bet, fingerprint),
    check: () => check(context, unit, command, stakeMinor),
    findByRef: () => findBetByRef(context.db, command.playerId, command.clientRef),
    build: (market): BetRow => ({
      id: randomUUID(),
      roundId: unit.round!.id,
      tableId: unit.game.id,
      playerId: command.playerId,
      marketId: market.id,
      oddsHundredths: market.oddsHundredths,
      stakeMinor,
      status: 'OPEN',
      payoutMinor: null,
      clientRef: command.clientRef,
      fingerprint,
      placedAtMs: context.options.nowMs(),
      settledAtMs: null,
    }),
    submit: (bet, market) => unit.bets.submit({ bet, market }),
    remember: (bet) => unit.refs.set(refKeyOf(bet.playerId, bet.clientRef), bet),
  });
}

async function check(
  context: TablesContext,
  unit: TableUnit,
  command: BetCommand,
  stakeMinor: bigint,
): Promise<Result<MarketDef>> {
  // A paused table takes no bet, even on the round it is finishing (docs/decisions/0244).
  if (unit.paused) return tableError('TABLE_PAUSED');
  const refused = await admissionRefusal(context, command.playerId, stakeMinor);
  if (refused) return refused;
  const round = unit.round;
  if (!round || command.roundId > round.id) return tableError('UNKNOWN_ROUND');
  if (command.roundId < round.id) {
    const earlier = await readRound(context.db, command.roundId);
    return tableError(earlier?.tableId === unit.game.id ? 'BETTING_CLOSED' : 'UNKNOWN_ROUND');
  }
  if (round.status !== 'BETTING' || context.options.nowMs() >= round.closesAtMs) {
    return tableError('BETTING_CLOSED');
  }
  const market = marketOf(unit.game, command.marketId);
  if (!market) return tableError('UNKNOWN_MARKET');
  const { minStakeMinor, maxStakeMinor } = marketLimits(unit.game, market);
  if (stakeMinor < minStakeMinor) {
    return tableError(
      'STAKE_TOO_SMALL',
      `The minimum stake on ${market.name} is ${formatMinor(minStakeMinor)}.`,
    );
  }
  if (stakeMinor > maxStakeMinor) {
    return tableError(
      'STAKE_TOO_LARGE',
      `The maximum stake on ${market.name} is ${formatMinor(maxStakeMinor)}.`,
    );
  }
  return ok(market);
}
