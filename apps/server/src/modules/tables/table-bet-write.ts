import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { findBetByRef, type BetRow } from './bets-repo.ts';
import { RACES_RERUN, stakeBatch } from './bet-stakes.ts';
import type { TablesContext } from './context.ts';
import { tableError } from './errors.ts';
import { roundReference, roundRemark, stakeTransfer } from './postings.ts';
import { StaleRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';
import { betJson } from './table-view.ts';
import type { BetAnswer, PendingBet, TableUnit } from './table-types.ts';

/**
 * Writes one batch of bets in one transaction (docs/decisions/0150): the round must still be taking
 * bets at the version the owner holds (its row, locked and moved to the next version, keeps a
 * successor's close from passing); then the rows and their stakes go in together (bet-stakes.ts).
 * Answers one answer per item, and the round's new version.
 */
export async function writeBets(
  context: TablesContext,
  unit: TableUnit,
  round: RoundRow,
  items: PendingBet[],
): Promise<{ answers: Result<BetAnswer>[]; version: number }> {
  return transaction(
    context.db,
    async (sql) => {
      // The batch is a change of the round (its volumes): a new version, so the stream sends it.
      const [open] = await sql.query<{ version: number }>(
        `UPDATE table_rounds SET version = version + 1 WHERE id = $1 AND status = 'BETTING' AND version = $2
       RETURNING version`,
        [round.id, round.version],
      );
      if (!open) throw new StaleRound(round.id);
      const answers = await stakeBatch(context, sql, items, {
        betOf: (item) => item.bet,
        insert: insertBets,
        findByRef: findBetByRef,
        replay: (earlier, fingerprint) => replayOf(unit, earlier, fingerprint),
        stakeOf: ({ bet, market }) =>
          stakeTransfer({
            key: `table-bet:${bet.id}`,
            playerId: bet.playerId,
            amountMinor: bet.stakeMinor,
            reference: roundReference(unit.game.id, round.id),
            remark: roundRemark(unit.game.name, round.id, market.name),
          }),
        placed: (item) => ({ bet: betJson(item.bet, unit.game), replayed: false }),
        discard: (sql, ids) => sql.query('DELETE FROM table_bets WHERE id = ANY($1::uuid[])', [ids]),
      });
      return { answers, version: open.version };
    },
    RACES_RERUN,
  );
}

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
