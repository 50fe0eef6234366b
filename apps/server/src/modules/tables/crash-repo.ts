import type { CrashBetStatus } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { StaleRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

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

/** Bets' state as the arrays $1–$5 of STATES, and the settlement time ($6, null for cash-outs). */
const stateParams = (bets: readonly CrashBetRow[], settledAtMs: number | null) => [
  bets.map((bet) => bet.id),
  bets.map((bet) => bet.status),
  bets.map((bet) => bet.cashedOutHundredths),
  bets.map((bet) => (bet.payoutMinor === null ? null : String(bet.payoutMinor))),
  bets.map((bet) => iso(bet.cashedOutAtMs)),
  iso(settledAtMs),
];

// Arrays rather than JSON: the planner knows how many rows `unnest` gives, so it never rescans them.
const STATES = `unnest($1::uuid[], $2::text[], $3::integer[], $4::bigint[], $5::timestamptz[])
  AS x(id, status, cashed_out_hundredths, payout_minor, cashed_out_at)`;
const SET_STATES = `status = x.status, cashed_out_hundredths = x.cashed_out_hundredths,
  payout_minor = x.payout_minor, cashed_out_at = x.cashed_out_at,
  settled_at = coalesce($6::timestamptz, b.settled_at)`;
/**
 * Only bets still open or cashed out move. The test names `x`, so it is a join condition and not a
 * filter on `b` alone: ANALYZE mostly sees settled bets, and a filter would be estimated at one row,
 * which makes the planner scan every bet once per batch item (quadratic; 40 ms for 50 cash-outs).
 */
const STILL_OPEN = `b.id = x.id
  AND (b.status IN ('OPEN', 'CASHED_OUT') AND b.settled_at IS NULL) = (x.id IS NOT NULL)`;

/** Writes bets' state (settlement) in one statement; only bets still open or cashed out move. */
export async function writeCrashBetStates(
  sql: Sql,
  bets: readonly CrashBetRow[],
  settledAtMs: number | null,
): Promise<void> {
  if (bets.length === 0) return;
  await sql.query(
    `UPDATE crash_bets b SET ${SET_STATES} FROM ${STATES} WHERE ${STILL_OPEN}`,
    stateParams(bets, settledAtMs),
  );
}

/**
 * A batch of cash-outs and the round's next version in one statement, so in one round trip and atomic
 * without a transaction around it: the bets move only if the round is still at the owner's version.
 * Answers the new version.
 */
export async function recordCashOuts(
  sql: Sql,
  round: RoundRow,
  bets: readonly CrashBetRow[],
): Promise<number> {
  const [row] = await sql.query<{ version: number }>(
    `WITH r AS (UPDATE table_rounds SET version = version + 1 WHERE id = $7 AND version = $8 RETURNING version),
          moved AS (UPDATE crash_bets b SET ${SET_STATES} FROM ${STATES}, r WHERE ${STILL_OPEN} RETURNING 1)
     SELECT version FROM r`,
    [...stateParams(bets, null), round.id, round.version],
  );
  if (!row) throw new StaleRound(round.id);
  return row.version;
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
