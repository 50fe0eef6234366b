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
  const reference = roundReference(game.id, round.id);
  return transaction(
    context.db,
    async (sql) => {
      const bets = await openBetsOfRound(sql, round.id);
      const returns: LedgerRequest[] = [];
      for (const bet of bets) {
        const payoutMinor = betReturnMinor(bet.stakeMinor, bet.marketId, bet.oddsHundredths, outcome);
        bet.status = outcome.void ? 'VOID' : settledStatus(payoutMinor, bet.stakeMinor);
        bet.payoutMinor = payoutMinor;
        bet.settledAtMs = nowMs;
        if (payoutMinor === 0n) continue;
        const name = marketName(game, bet.marketId);
        const detail = bet.status === 'WON' ? `${name} won` : `${name} returned (${outcome.winner})`;
        returns.push(
          returnTransfer({
            key: `table-win:${bet.id}`,
            playerId: bet.playerId,
            amountMinor: payoutMinor,
            reference,
            remark: roundRemark(game.name, round.id, detail),
          }),
        );
      }
      await writeSettledBets(sql, bets);
      const settled = await updateRound(sql, round, {
        status: 'SETTLED',
        phaseEndsAtMs: nowMs + timingsSettledMs(context, game),
        settledAtMs: nowMs,
      });
      const finished = { round: settled, bets };
      afterCommit(() => onCommitted(finished));
      // Last, so the players' cash rows it locks are held only until the commit right after (0175).
      await postReturns(context, returns);
      return finished;
    },
    { retryRaces: true },
  );
}

/** Voids a round that was never dealt: every open bet is refunded in full, in one transaction. */
export async function voidRound(
  context: TablesContext,
  game: TableGame,
  round: RoundRow,
  nowMs: number,
  onCommitted: (finished: Finished) => void,
): Promise<Finished> {
  const reference = roundReference(game.id, round.id);
  return transaction(
    context.db,
    async (sql) => {
      const bets = await openBetsOfRound(sql, round.id);
      const refunds = bets.map((bet) => {
        bet.status = 'VOID';
        bet.payoutMinor = bet.stakeMinor;
        bet.settledAtMs = nowMs;
        const detail = `${marketName(game, bet.marketId)} refunded (round void)`;
        return returnTransfer({
          key: `table-refund:${bet.id}`,
          playerId: bet.playerId,
          amountMinor: bet.stakeMinor,
          reference,
          remark: roundRemark(game.name, round.id, detail),
        });
      });
      await writeSettledBets(sql, bets);
      const voided = await updateRound(sql, round, {
        status: 'VOID',
        phaseEndsAtMs: nowMs + timingsSettledMs(context, game),
        settledAtMs: nowMs,
      });
      const finished = { round: voided, bets };
      afterCommit(() => onCommitted(finished));
      await postReturns(context, refunds);
      return finished;
    },
    { retryRaces: true },
  );
}

const timingsSettledMs = (context: TablesContext, game: TableGame) =>
  Math.max(1, Math.round(game.timings.settledMs / context.speed));
