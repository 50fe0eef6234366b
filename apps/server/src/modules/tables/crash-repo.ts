import type { CrashBetStatus } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** A crash bet as `crash_bets` holds it; multipliers in hundredths, times in epoch ms. */
export type CrashBetRow = {
  id: string;
  roundId: number;
  playerId: string;
  stakeMinor: bigint;
  autoHundredths: number | null;
  cashedOutHundredths: number | null;
  status: CrashBetStatus;
  payoutMinor: bigint | null;
  clientRef: string;
  fingerprint: string;
  placedAtMs: number;
  cashedOutAtMs: number | null;
};

type CrashBetDbRow = {
  id: string;
  round_id: bigint | number;
  player_id: string;
  stake_minor: bigint | string;
  auto_hundredths: number | null;
  cashed_out_hundredths: number | null;
  status: CrashBetStatus;
  payout_minor: bigint | string | null;
  client_ref: string;
  fingerprint: string;
  placed_at: Date | string;
  cashed_out_at: Date | string | null;
};

const crashBetOfRow = (row: CrashBetDbRow): CrashBetRow => ({
  id: row.id,
  roundId: Number(row.round_id),
  playerId: row.player_id,
  stakeMinor: BigInt(row.stake_minor),
  autoHundredths: row.auto_hundredths,
  cashedOutHundredths: row.cashed_out_hundredths,
  status: row.status,
  payoutMinor: row.payout_minor === null ? null : BigInt(row.payout_minor),
  clientRef: row.client_ref,
  fingerprint: row.fingerprint,
  placedAtMs: new Date(row.placed_at).getTime(),
  cashedOutAtMs: row.cashed_out_at === null ? null : new Date(row.cashed_out_at).getTime(),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function findCrashBetByRef(sql: Sql, playerId: string, clientRef: string) {
  const [row] = await sql.query<CrashBetDbRow>(
    'SELECT * FROM crash_bets WHERE player_id = $1 AND client_ref = $2',
    [playerId, clientRef],
  );
  return row ? crashBetOfRow(row) : null;
}

export async function findCrashBet(sql: Sql, betId: string): Promise<CrashBetRow | null> {
  const [row] = await sql.query<CrashBetDbRow>('SELECT * FROM crash_bets WHERE id = $1', [betId]);
  return row ? crashBetOfRow(row) : null;
}

export async function crashBetsOfRound(sql: Sql, roundId: number): Promise<CrashBetRow[]> {
  const rows = await sql.query<CrashBetDbRow>(
    'SELECT * FROM crash_bets WHERE round_id = $1 ORDER BY placed_at, id',
    [roundId],
  );
  return rows.map(crashBetOfRow);
}

/** The player's bets of one round (the crash page's "my bets"). */
export async function playerCrashBets(sql: Sql, playerId: string, roundId: number): Promise<CrashBetRow[]> {
  const rows = await sql.query<CrashBetDbRow>(
    'SELECT * FROM crash_bets WHERE player_id = $1 AND round_id = $2 ORDER BY placed_at, id',
    [playerId, roundId],
  );
  return rows.map(crashBetOfRow);
}

/** Writes bets' state (cash-outs, settlement) in one statement; only bets still open or cashed out move. */
export async function writeCrashBetStates(
  sql: Sql,
  bets: readonly CrashBetRow[],
  settledAtMs: number | null,
): Promise<void> {
  if (bets.length === 0) return;
  const rows = bets.map((bet) => ({
    id: bet.id,
    status: bet.status,
    cashed_out_hundredths: bet.cashedOutHundredths,
    payout_minor: bet.payoutMinor === null ? null : String(bet.payoutMinor),
    cashed_out_at: iso(bet.cashedOutAtMs),
    settled_at: iso(settledAtMs),
  }));
  await sql.query(
    `UPDATE crash_bets b SET status = x.status, cashed_out_hundredths = x.cashed_out_hundredths,
       payout_minor = x.payout_minor, cashed_out_at = x.cashed_out_at,
       settled_at = coalesce(x.settled_at, b.settled_at)
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, status text, cashed_out_hundredths integer,
         payout_minor bigint, cashed_out_at timestamptz, settled_at timestamptz)
      WHERE b.id = x.id AND b.status IN ('OPEN', 'CASHED_OUT') AND b.settled_at IS NULL`,
    [JSON.stringify(rows)],
  );
}

export type CrashRoundRow = { roundId: number; chainId: number; chainIndex: number; crashHundredths: number };

export async function insertCrashRound(sql: Sql, row: CrashRoundRow): Promise<void> {
  await sql.query(
    'INSERT INTO crash_rounds (round_id, chain_id, chain_index, crash_hundredths) VALUES ($1, $2, $3, $4)',
    [row.roundId, row.chainId, row.chainIndex, row.crashHundredths],
  );
}

export async function readCrashRound(sql: Sql, roundId: number): Promise<CrashRoundRow | null> {
  const [row] = await sql.query<{ chain_id: number; chain_index: number; crash_hundredths: number }>(
    'SELECT chain_id, chain_index, crash_hundredths FROM crash_rounds WHERE round_id = $1',
    [roundId],
  );
  return row
    ? { roundId, chainId: row.chain_id, chainIndex: row.chain_index, crashHundredths: row.crash_hundredths }
    : null;
}

/** The latest crash points, newest first. */
export async function lastCrashes(sql: Sql, limit = 10): Promise<{ roundId: number; crashPoint: number }[]> {
  const rows = await sql.query<{ round_id: bigint; crash_hundredths: number }>(
    `SELECT c.round_id, c.crash_hundredths FROM crash_rounds c JOIN table_rounds r ON r.id = c.round_id
      WHERE r.status = 'SETTLED' ORDER BY c.round_id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ roundId: Number(row.round_id), crashPoint: row.crash_hundredths / 100 }));
}
