import type { Sql } from '../../db/database.ts';
import { roundOfRow, type RoundDbRow, type RoundRow, type RoundStatusRow } from './round-row.ts';

/** An owner that lost its unit tried to write: the unit is rebuilt from the database. */
export class StaleRound extends Error {
  constructor(roundId: number) {
    super(`round ${roundId} changed under its owner`);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export type NewRound = Omit<RoundRow, 'id' | 'version' | 'outcome' | 'winner' | 'settledAtMs'>;

export async function insertRound(sql: Sql, round: NewRound): Promise<RoundRow> {
  const [row] = await sql.query<RoundDbRow>(
    `INSERT INTO table_rounds (table_id, status, server_seed, server_seed_hash, client_seed, nonce, opened_at,
       closes_at, phase_ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      round.tableId,
      round.status,
      round.serverSeed,
      round.serverSeedHash,
      round.clientSeed,
      round.nonce,
      iso(round.openedAtMs),
      iso(round.closesAtMs),
      iso(round.phaseEndsAtMs),
    ],
  );
  return roundOfRow(row!);
}

/**
 * Moves a round to its next phase, only from the version its owner holds; answers the new row. The
 * outcome, winner and settlement time are written when given.
 */
export async function updateRound(
  sql: Sql,
  round: RoundRow,
  change: { status: RoundStatusRow; phaseEndsAtMs: number; settledAtMs?: number } & Partial<
    Pick<RoundRow, 'outcome' | 'winner'>
  >,
): Promise<RoundRow> {
  const [row] = await sql.query<RoundDbRow>(
    `UPDATE table_rounds SET status = $3, phase_ends_at = $4, version = version + 1,
       outcome = coalesce($5::jsonb, outcome), winner = coalesce($6, winner),
       settled_at = coalesce($7::timestamptz, settled_at)
     WHERE id = $1 AND version = $2 RETURNING *`,
    [
      round.id,
      round.version,
      change.status,
      iso(change.phaseEndsAtMs),
      change.outcome === undefined ? null : JSON.stringify(change.outcome),
      change.winner ?? null,
      change.settledAtMs === undefined ? null : iso(change.settledAtMs),
    ],
  );
  if (!row) throw new StaleRound(round.id);
  return roundOfRow(row);
}

/**
 * The round's next version with nothing else changed: a change of the table beside its round (a pause
 * or resume) then reaches the stream as a newer state (seq = round id × 10⁶ + version).
 */
export async function touchRound(sql: Sql, round: RoundRow): Promise<RoundRow> {
  const [row] = await sql.query<RoundDbRow>(
    'UPDATE table_rounds SET version = version + 1 WHERE id = $1 AND version = $2 RETURNING *',
    [round.id, round.version],
  );
  if (!row) throw new StaleRound(round.id);
  return roundOfRow(row);
}

export async function latestRound(sql: Sql, tableId: string): Promise<RoundRow | null> {
  const [row] = await sql.query<RoundDbRow>(
    'SELECT * FROM table_rounds WHERE table_id = $1 ORDER BY id DESC LIMIT 1',
    [tableId],
  );
  return row ? roundOfRow(row) : null;
}

export async function readRound(sql: Sql, roundId: number): Promise<RoundRow | null> {
  const [row] = await sql.query<RoundDbRow>('SELECT * FROM table_rounds WHERE id = $1', [roundId]);
  return row ? roundOfRow(row) : null;
}

export type LastResultRow = { roundId: number; winner: string };

/** The table's latest finished rounds, newest first. */
export async function lastResults(sql: Sql, tableId: string, limit = 10): Promise<LastResultRow[]> {
  const rows = await sql.query<{ id: bigint; winner: string | null; status: RoundStatusRow }>(
    `SELECT id, winner, status FROM table_rounds WHERE table_id = $1 AND status IN ('SETTLED', 'VOID')
     ORDER BY id DESC LIMIT $2`,
    [tableId, limit],
  );
  return rows.map((row) => ({ roundId: Number(row.id), winner: resultWinner(row) }));
}

/** A void round shows as "Void" in results. */
export const resultWinner = (row: { status: RoundStatusRow; winner: string | null }): string =>
  row.status === 'VOID' ? 'Void' : (row.winner ?? '');
