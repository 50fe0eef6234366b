import type { Sql } from '../../db/database.ts';
import { resultOf, type ResultRow, type RoundBatch, type RoundSource } from '../shares/index.ts';

/**
 * How long a callback waits before it is shared (docs/decisions/0297): a round whose rows came within
 * it (a bet and its win) is shared as one result, and no callback whose transaction started earlier
 * can still commit below the cursor (a wallet batch commits in milliseconds).
 */
export const CASINO_QUIET_MS = 2_000;

/**
 * The casino's callbacks after a seq, oldest first, at least CASINO_QUIET_MS old, summed per player's
 * round: wins − stakes, a rollback that moved money giving its bet's stake back. A round's later rows
 * (a win long after its bet) are shared by the batch that reads them.
 */
async function readFinished(sql: Sql, _scope: string, after: bigint, limit: number): Promise<RoundBatch> {
  const rows = await sql.query<ResultRow & { last_seq: string; game_id: string }>(
    `WITH batch AS (
       SELECT t.seq, t.kind, t.player_id, t.game_id, t.round_id, t.amount_minor, t.created_at,
              t.ledger_transfer_id IS NOT NULL AS moved,
              coalesce(b.created_at, t.created_at) AS bet_at, coalesce(b.amount_minor, 0) AS bet_stake
         FROM casino_transactions t
         LEFT JOIN casino_transactions b ON b.transaction_id = t.reference_transaction_id
        WHERE t.seq > $1 AND t.created_at < now() - $3::int * interval '1 millisecond'
        ORDER BY t.seq LIMIT $2
     )
     SELECT (SELECT max(seq) FROM batch)::text AS last_seq, game_id, player_id::text AS player_id,
            to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, min(bet_at) AS placed_at,
            sum(CASE kind WHEN 'BET' THEN -amount_minor WHEN 'WIN' THEN amount_minor
                          ELSE CASE WHEN moved THEN bet_stake ELSE 0 END END)::text AS result,
            sum(CASE kind WHEN 'BET' THEN amount_minor WHEN 'WIN' THEN 0
                          ELSE CASE WHEN moved THEN -bet_stake ELSE 0 END END)::text AS turnover
       FROM batch GROUP BY player_id, game_id, round_id`,
    [after.toString(), limit, CASINO_QUIET_MS],
  );
  if (rows.length === 0) return { results: [], position: after };
  return {
    position: BigInt(rows[0]!.last_seq),
    results: rows.map((row) => resultOf(`casino:${row.game_id}`, row)),
  };
}

/** The casino's callbacks, one cursor over their seq, for the sharing job. */
export const casinoRounds: RoundSource = { scopes: ['casino'], readFinished };
