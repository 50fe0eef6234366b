import type { CasinoResultDetail, CasinoResultItem } from '@backlay/contracts';
import { tableGame } from '@backlay/tables';
import type { Sql } from '../../db/database.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { resultWinner } from './rounds-repo.ts';
import { isRevealed, roundOfRow, type RoundDbRow } from './round-row.ts';
import { roundJson } from './table-view.ts';

export const tableNameOf = (tableId: string): string =>
  tableId === CRASH_TABLE_ID ? 'Crash' : (tableGame(tableId)?.name ?? tableId);

export type ResultsFilter = {
  tableId?: string | undefined;
  /** A UTC day as [start, end) in epoch ms. */
  day?: { startMs: number; endMs: number } | undefined;
  page: number;
  pageSize: number;
};

const FILTER = `status IN ('SETTLED', 'VOID') AND ($1::text IS NULL OR table_id = $1)
  AND ($2::timestamptz IS NULL OR (settled_at >= $2 AND settled_at < $3))`;

/** Settled and void rounds of every table and the crash game, newest first (Casino Results). */
export async function listResults(
  sql: Sql,
  filter: ResultsFilter,
): Promise<{ items: CasinoResultItem[]; total: number }> {
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const params = [filter.tableId ?? null, iso(filter.day?.startMs), iso(filter.day?.endMs)];
  const rows = await sql.query<{
    id: bigint;
    table_id: string;
    winner: string | null;
    status: 'SETTLED' | 'VOID';
    settled_at: Date | string;
  }>(
    `SELECT id, table_id, winner, status, settled_at FROM table_rounds WHERE ${FILTER}
     ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const [count] = await sql.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM table_rounds WHERE ${FILTER}`,
    params,
  );
  return {
    items: rows.map((row) => ({
      roundId: Number(row.id),
      table: row.table_id,
      tableName: tableNameOf(row.table_id),
      winner: resultWinner(row),
      settledAt: new Date(row.settled_at).toISOString(),
    })),
    total: Number(count?.total ?? 0n),
  };
}

/**
 * One round with what recomputes it. The server seed is shown only once the result is out, so a round
 * still taking bets cannot be read ahead.
 */
export async function readResult(sql: Sql, roundId: number): Promise<CasinoResultDetail | null> {
  const [row] = await sql.query<RoundDbRow & { crash_hundredths: number | null }>(
    `SELECT r.*, c.crash_hundredths FROM table_rounds r LEFT JOIN crash_rounds c ON c.round_id = r.id
      WHERE r.id = $1`,
    [roundId],
  );
  if (!row) return null;
  const round = roundOfRow(row);
  const revealed = isRevealed(round.status);
  const json = roundJson(round);
  const crashed = row.crash_hundredths !== null && round.status === 'SETTLED';
  const result = crashed
    ? { winner: round.winner ?? '', winningMarkets: [], crashPoint: row.crash_hundredths! / 100 }
    : json.result;
  return {
    roundId: round.id,
    table: round.tableId,
    tableName: tableNameOf(round.tableId),
    status: round.tableId === CRASH_TABLE_ID && round.status === 'SETTLED' ? 'CRASHED' : json.status,
    openedAt: json.openedAt,
    settledAt: round.settledAtMs === null ? null : new Date(round.settledAtMs).toISOString(),
    cards: json.cards,
    result,
    serverSeedHash: round.serverSeedHash,
    serverSeed: revealed ? round.serverSeed : null,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  };
}
