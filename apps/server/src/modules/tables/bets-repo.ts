import type { TableBetStatus } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** A table bet as `table_bets` holds it; times in epoch ms. */
export type BetRow = {
  id: string;
  roundId: number;
  tableId: string;
  playerId: string;
  marketId: string;
  oddsHundredths: number;
  stakeMinor: bigint;
  status: TableBetStatus;
  payoutMinor: bigint | null;
  clientRef: string;
  fingerprint: string;
  placedAtMs: number;
  settledAtMs: number | null;
};

type BetDbRow = {
  id: string;
  round_id: bigint | number;
  table_id: string;
  player_id: string;
  market_id: string;
  odds_hundredths: number;
  stake_minor: bigint | string;
  status: TableBetStatus;
  payout_minor: bigint | string | null;
  client_ref: string;
  fingerprint: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
};

const betOfRow = (row: BetDbRow): BetRow => ({
  id: row.id,
  roundId: Number(row.round_id),
  tableId: row.table_id,
  playerId: row.player_id,
  marketId: row.market_id,
  oddsHundredths: row.odds_hundredths,
  stakeMinor: BigInt(row.stake_minor),
  status: row.status,
  payoutMinor: row.payout_minor === null ? null : BigInt(row.payout_minor),
  clientRef: row.client_ref,
  fingerprint: row.fingerprint,
  placedAtMs: new Date(row.placed_at).getTime(),
  settledAtMs: row.settled_at === null ? null : new Date(row.settled_at).getTime(),
});

export async function findBetByRef(sql: Sql, playerId: string, clientRef: string): Promise<BetRow | null> {
  const [row] = await sql.query<BetDbRow>(
    'SELECT * FROM table_bets WHERE player_id = $1 AND client_ref = $2',
    [playerId, clientRef],
  );
  return row ? betOfRow(row) : null;
}

export async function openBetsOfRound(sql: Sql, roundId: number): Promise<BetRow[]> {
  const rows = await sql.query<BetDbRow>(
    // In player order: every transaction that moves several players' money locks them in this order.
    `SELECT * FROM table_bets WHERE round_id = $1 AND status = 'OPEN' ORDER BY player_id, id`,
    [roundId],
  );
  return rows.map(betOfRow);
}

/** The stake of a round's bets on each market (its volume), by market id. */
export async function marketVolumes(sql: Sql, roundId: number): Promise<Map<string, bigint>> {
  const rows = await sql.query<{ market_id: string; volume_minor: bigint | string }>(
    'SELECT market_id, sum(stake_minor) AS volume_minor FROM table_bets WHERE round_id = $1 GROUP BY market_id',
    [roundId],
  );
  return new Map(rows.map((row) => [row.market_id, BigInt(row.volume_minor)]));
}

/**
 * Writes every settled bet of a round in one statement. Arrays rather than JSON: the planner knows how
 * many rows `unnest` gives. The open test names `x` so that it stays a join condition: as a filter on
 * `b` alone, stale statistics (mostly settled bets) would estimate it at one row and the planner would
 * rescan the batch once per bet (see crash-repo.ts).
 */
export async function writeSettledBets(sql: Sql, bets: readonly BetRow[]): Promise<void> {
  if (bets.length === 0) return;
  await sql.query(
    `UPDATE table_bets b SET status = x.status, payout_minor = x.payout_minor, settled_at = x.settled_at
       FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::timestamptz[])
         AS x(id, status, payout_minor, settled_at)
      WHERE b.id = x.id AND (b.status = 'OPEN') = (x.id IS NOT NULL)`,
    [
      bets.map((bet) => bet.id),
      bets.map((bet) => bet.status),
      bets.map((bet) => String(bet.payoutMinor ?? 0n)),
      bets.map((bet) => new Date(bet.settledAtMs ?? 0).toISOString()),
    ],
  );
}

/** The player's bets at a table: one round's, or the latest 50. */
export async function playerBets(
  sql: Sql,
  playerId: string,
  tableId: string,
  roundId: number | undefined,
): Promise<BetRow[]> {
  const rows = await sql.query<BetDbRow>(
    `SELECT * FROM table_bets WHERE player_id = $1 AND table_id = $2 AND ($3::bigint IS NULL OR round_id = $3)
     ORDER BY round_id DESC, placed_at DESC, id LIMIT 50`,
    [playerId, tableId, roundId ?? null],
  );
  return rows.map(betOfRow);
}

/** Which round game a bet id is a bet of (a table's or the crash game's); null for neither. */
export async function roundBetProduct(sql: Sql, betId: string): Promise<'tables' | 'crash' | null> {
  const [round] = await sql.query<{ product: 'tables' | 'crash' }>(
    `SELECT 'tables' AS product FROM table_bets WHERE id = $1::uuid
     UNION ALL SELECT 'crash' FROM crash_bets WHERE id = $1::uuid LIMIT 1`,
    [betId],
  );
  return round?.product ?? null;
}
