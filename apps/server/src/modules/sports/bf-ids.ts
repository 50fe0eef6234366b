import type { Sql } from '../../db/database.ts';

/**
 * Betfair's numbers of the catalogue's rows (docs/decisions/0256), read in batches for the trading API's
 * id maps: sports by slug, events and markets by id, runners by market.
 */

export type BfIdKind = 'sport' | 'event' | 'market';

const OURS: Record<BfIdKind, string> = {
  sport: 'SELECT slug AS k, bf_id FROM sports WHERE slug =',
  event: 'SELECT id AS k, bf_id FROM events WHERE id =',
  market: 'SELECT id AS k, bf_id FROM markets WHERE id =',
};

const THEIRS: Record<BfIdKind, string> = {
  sport: 'SELECT slug AS k, bf_id FROM sports WHERE bf_id =',
  event: 'SELECT id AS k, bf_id FROM events WHERE bf_id =',
  market: 'SELECT id AS k, bf_id FROM markets WHERE bf_id =',
};

export type BfIdRow = { k: string; bf_id: bigint | string };

/** The rows of these ids (a sport's slug) that exist, each with its number. */
export function readBfIds(sql: Sql, kind: BfIdKind, ours: readonly string[]): Promise<BfIdRow[]> {
  return sql.query<BfIdRow>(`${OURS[kind]} ANY($1::text[])`, [ours]);
}

/** The rows with these numbers that exist, each with its id (a sport's slug). */
export function readOursOfBf(sql: Sql, kind: BfIdKind, numbers: readonly bigint[]): Promise<BfIdRow[]> {
  return sql.query<BfIdRow>(`${THEIRS[kind]} ANY($1::bigint[])`, [numbers.map(String)]);
}

export type RunnerBfRow = { market_id: string; runner_id: string; bf_id: bigint | string };

/** Every runner of these markets with its selection id. */
export function readRunnerBfIds(sql: Sql, marketIds: readonly string[]): Promise<RunnerBfRow[]> {
  return sql.query<RunnerBfRow>(
    'SELECT market_id, runner_id, bf_id FROM runners WHERE market_id = ANY($1::text[])',
    [marketIds],
  );
}

/** The runner with this selection id, if any. */
export async function readRunnerOfBf(
  sql: Sql,
  selectionId: bigint,
): Promise<{ market_id: string; runner_id: string } | undefined> {
  const [row] = await sql.query<{ market_id: string; runner_id: string }>(
    'SELECT market_id, runner_id FROM runners WHERE bf_id = $1',
    [selectionId.toString()],
  );
  return row;
}

/** The numbers of those of these markets that are exchange markets (house-priced ones are not offered). */
export async function readExchangeMarketBfIds(sql: Sql, marketIds: readonly string[]): Promise<bigint[]> {
  const rows = await sql.query<{ bf_id: bigint | string }>(
    'SELECT bf_id FROM markets WHERE id = ANY($1::text[]) AND NOT house_priced',
    [marketIds],
  );
  return rows.map((row) => BigInt(row.bf_id));
}

/** Our ids of markets by their numbers (given as digit strings), keyed by the number. */
export async function readMarketIdsByNumber(
  sql: Sql,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const rows = await sql.query<{ id: string; bf: string }>(
    'SELECT id, bf_id::text AS bf FROM markets WHERE bf_id = ANY($1::bigint[])',
    [numbers],
  );
  return new Map(rows.map((row) => [row.bf, row.id]));
}
