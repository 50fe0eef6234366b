import type { LedgerRequest } from '@backlay/ledger';
import { betReturnMinor, type TableGame } from '@backlay/tables';
import type { TableBetStatus } from '@backlay/contracts';
import { afterCommit, transaction } from '../../platform/transaction.ts';
import { openBetsOfRound, writeSettledBets, type BetRow } from './bets-repo.ts';
import type { TablesContext } from './context.ts';
import { marketName } from './markets.ts';
import { postReturns, returnTransfer, roundReference, roundRemark } from './postings.ts';
import { updateRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

/** WON above the stake, PUSH exactly the stake back, LOST below it (a half-stake return is a loss). */
export function settledStatus(payoutMinor: bigint, stakeMinor: bigint): TableBetStatus {
  if (payoutMinor > stakeMinor) return 'WON';
  return payoutMinor === stakeMinor ? 'PUSH' : 'LOST';
}

export type Finished = { round: RoundRow; bets: BetRow[] };

/**
 * Settles a dealt round in one transaction (docs/decisions/0150): every open bet's return is posted
 * house → cash under a key made from the bet id, all of them in one ledger call (0175), the bets and the
 * round are written, and the change is published once committed. Balances are pushed by the wallet after
 * the same commit.
 */
export async function settleRound(
  context: TablesContext,
  game: TableGame,
  round: RoundRow,
  nowMs: number,
  onCommitted: (finished: Finished) => void,
): Promise<Finished> {
  const outcome = round.outcome;
  if (!outcome) throw new Error(`round ${round.id} has no outcome to settle`);
  return finishWith(context, game, round, nowMs, 'SETTLED', onCommitted, (bet) => {
    const payoutMinor = betReturnMinor(bet.stakeMinor, bet.marketId, bet.oddsHundredths, outcome);
    bet.status = outcome.void ? 'VOID' : settledStatus(payoutMinor, bet.stakeMinor);
    bet.payoutMinor = payoutMinor;
    if (payoutMinor === 0n) return null;
    const name = marketName(game, bet.marketId);
    const detail = bet.status === 'WON' ? `${name} won` : `${name} returned (${outcome.winner})`;
    return payment(game, round, bet, 'table-win', detail);
  });
}

/** Voids a round that was never dealt: every open bet is refunded in full, in one transaction. */
export async function voidRound(
  context: TablesContext,
  game: TableGame,
  round: RoundRow,
  nowMs: number,
  onCommitted: (finished: Finished) => void,
): Promise<Finished> {
  return finishWith(context, game, round, nowMs, 'VOID', onCommitted, (bet) => {
    bet.status = 'VOID';
    bet.payoutMinor = bet.stakeMinor;
    const detail = `${marketName(game, bet.marketId)} refunded (round void)`;
    return payment(game, round, bet, 'table-refund', detail);
  });
}

/**
 * The transaction both ends of a round share: its open bets, each decided in place by `decide` (which
 * answers the transfer that pays it, if any), are written with the round, and the payments posted.
 */
async function finishWith(
  context: TablesContext,
  game: TableGame,
  round: RoundRow,
  nowMs: number,
  status: 'SETTLED' | 'VOID',
  onCommitted: (finished: Finished) => void,
  decide: (bet: BetRow) => LedgerRequest | null,
): Promise<Finished> {
  return transaction(
    context.db,
    async (sql) => {
      const bets = await openBetsOfRound(sql, round.id);
      const payments = bets
        .map((bet) => {
          bet.settledAtMs = nowMs;
          return decide(bet);
        })
        .filter((request) => request !== null);
      await writeSettledBets(sql, bets);
      const done = await updateRound(sql, round, {
        status,
        phaseEndsAtMs: nowMs + timingsSettledMs(context, game),
        settledAtMs: nowMs,
      });
      const finished = { round: done, bets };
      afterCommit(() => onCommitted(finished));
      // Last, so the players' cash rows it locks are held only until the commit right after (0175).
      await postReturns(context, payments);
      return finished;
    },
    { retryRaces: true },
  );
}

/** The transfer house → cash of the payout `decide` just set, keyed by the bet so it posts once. */
function payment(game: TableGame, round: RoundRow, bet: BetRow, prefix: string, detail: string) {
  return returnTransfer({
    key: `${prefix}:${bet.id}`,
    playerId: bet.playerId,
    amountMinor: bet.payoutMinor!,
    reference: roundReference(game.id, round.id),
    remark: roundRemark(game.name, round.id, detail),
  });
}

const timingsSettledMs = (context: TablesContext, game: TableGame) =>
  Math.max(1, Math.round(game.timings.settledMs / context.speed));
