import type { MarketDef } from '@backlay/tables';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { ledgerRejection } from '../wallet/index.ts';
import { findBetByRef, type BetRow } from './bets-repo.ts';
import type { TablesContext } from './context.ts';
import { tableError } from './errors.ts';
import { roundReference, roundRemark, stakeTransfer } from './postings.ts';
import { StaleRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';
import type { TableUnit } from './table-loop.ts';
import { betJson } from './table-view.ts';
import type { BetAnswer } from './table-bet.ts';

/** A bet the unit accepted in memory, waiting for its batch. */
export type PendingBet = { bet: BetRow; market: MarketDef };

/**
 * Writes one batch of bets in one transaction (docs/decisions/0150): the round must still be taking
 * bets at the version the owner holds (a shared lock keeps a successor's close from passing), every
 * bet row goes in with one statement, then each stake moves cash → house through the wallet. A bet the
 * ledger refuses (insufficient funds) is taken out again and answered with the refusal; the rest of the
 * batch stands. A clientRef already used answers the bet it placed.
 */
export async function writeBets(
  context: TablesContext,
  unit: TableUnit,
  round: RoundRow,
  items: PendingBet[],
): Promise<Result<BetAnswer>[]> {
  return transaction(context.db, async (sql) => {
    const [open] = await sql.query(
      `SELECT 1 FROM table_rounds WHERE id = $1 AND status = 'BETTING' AND version = $2 FOR SHARE`,
      [round.id, round.version],
    );
    if (!open) throw new StaleRound(round.id);
    const inserted = await insertBets(
      sql,
      items.map((item) => item.bet),
    );
    const answers = new Map<PendingBet, Result<BetAnswer>>();
    const refused: string[] = [];
    // Players' cash rows are locked in one order by every batch and settlement: never a deadlock.
    for (const item of [...items].sort(byPlayer)) {
      const { bet, market } = item;
      if (!inserted.has(bet.id)) {
        const earlier = await findBetByRef(sql, bet.playerId, bet.clientRef);
        answers.set(
          item,
          earlier ? replayOf(unit, earlier, bet.fingerprint) : tableError('IDEMPOTENCY_CONFLICT'),
        );
        continue;
      }
      const outcome = await context.wallet.execute(
        stakeTransfer({
          key: `table-bet:${bet.id}`,
          playerId: bet.playerId,
          amountMinor: bet.stakeMinor,
          reference: roundReference(unit.game.id, round.id),
          remark: roundRemark(unit.game.name, round.id, market.name),
        }),
      );
      if (outcome.result.ok) {
        answers.set(item, ok({ bet: betJson(bet, unit.game), replayed: false }));
        continue;
      }
      refused.push(bet.id);
      answers.set(
        item,
        outcome.result.code === 'INSUFFICIENT_FUNDS'
          ? tableError('INSUFFICIENT_FUNDS')
          : ledgerRejection(outcome.result),
      );
    }
    if (refused.length > 0) await sql.query('DELETE FROM table_bets WHERE id = ANY($1::uuid[])', [refused]);
    return items.map((item) => answers.get(item)!);
  });
}

const byPlayer = (a: { bet: BetRow }, b: { bet: BetRow }) =>
  a.bet.playerId < b.bet.playerId ? -1 : a.bet.playerId > b.bet.playerId ? 1 : 0;

/** The same clientRef and body again: the bet already placed; another body: a conflict. */
export function replayOf(unit: TableUnit, bet: BetRow, fingerprint: string): Result<BetAnswer> {
  if (bet.fingerprint !== fingerprint) return tableError('IDEMPOTENCY_CONFLICT');
  return ok({ bet: betJson(bet, unit.game), replayed: true });
}

async function insertBets(sql: Sql, bets: readonly BetRow[]): Promise<Set<string>> {
  const rows = bets.map((bet) => ({
    id: bet.id,
    round_id: bet.roundId,
    table_id: bet.tableId,
    player_id: bet.playerId,
    market_id: bet.marketId,
    odds_hundredths: bet.oddsHundredths,
    stake_minor: String(bet.stakeMinor),
    client_ref: bet.clientRef,
    fingerprint: bet.fingerprint,
    placed_at: new Date(bet.placedAtMs).toISOString(),
  }));
  const inserted = await sql.query<{ id: string }>(
    `INSERT INTO table_bets (id, round_id, table_id, player_id, market_id, odds_hundredths, stake_minor,
       client_ref, fingerprint, placed_at)
     SELECT x.id, x.round_id, x.table_id, x.player_id, x.market_id, x.odds_hundredths, x.stake_minor,
            x.client_ref, x.fingerprint, x.placed_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, round_id bigint, table_id text, player_id text,
         market_id text, odds_hundredths integer, stake_minor bigint, client_ref text, fingerprint text,
         placed_at timestamptz)
     ON CONFLICT (player_id, client_ref) DO NOTHING RETURNING id`,
    [JSON.stringify(rows)],
  );
  return new Set(inserted.map((row) => row.id));
}
