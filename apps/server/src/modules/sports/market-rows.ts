import type { Sql } from '../../db/database.ts';

/**
 * Reads of the catalogue that the exchange's units and admin routes judge with (docs/decisions/0130,
 * 0242): a market's row and runners as its unit is built from, its result, its status or stake limits
 * locked for an operator's change.
 */

export type RunnerRow = { runner_id: string; name: string; fair_ppm: number | null };

/**
 * The market's terms with its event (`MarketRow`: the columns below, typed by the caller) and its
 * runners in order; null: no such market.
 */
export async function readTradedMarket<MarketRow>(
  sql: Sql,
  marketId: string,
): Promise<{ market: MarketRow; runners: RunnerRow[] } | null> {
  const [market] = await sql.query<MarketRow>(
    `SELECT m.id, m.event_id, e.name AS event_name, e.sport_slug AS sport, e.status AS event_status, m.type,
            m.name, m.status, m.in_play, m.bet_delay_sec, m.house_priced, m.market_maker, m.min_stake_minor, m.max_stake_minor, m.commission_percent, m.line,
            m.number_of_winners
       FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = $1`,
    [marketId],
  );
  if (!market) return null;
  const runners = await sql.query<RunnerRow>(
    'SELECT runner_id, name, fair_ppm FROM runners WHERE market_id = $1 ORDER BY sort_order',
    [marketId],
  );
  return { market, runners };
}

/** The market's runners in the console's order (sort order, then id). */
export function readRunnersInOrder(sql: Sql, marketId: string): Promise<RunnerRow[]> {
  return sql.query<RunnerRow>(
    'SELECT runner_id, name, fair_ppm FROM runners WHERE market_id = $1 ORDER BY sort_order, runner_id',
    [marketId],
  );
}

/** The version of the book the exchange last published for the market (0 before its first). */
export async function readBookVersion(sql: Sql, marketId: string): Promise<number> {
  const [book] = await sql.query<{ version: string | number }>(
    'SELECT version FROM market_books WHERE market_id = $1',
    [marketId],
  );
  return Number(book?.version ?? 0);
}

export type ResultRow = {
  kind: string;
  winner_runner_id: string | null;
  line_result: number | null;
  placings: string[] | null;
  number_of_winners: number | null;
};

/**
 * The result the feed or the operator recorded for the market, if any, with its placings and how many
 * runners the market pays (a place market: several). `number_of_winners` is read through the row's JSON,
 * so this reads the same before and after a source's terms add the column (null: one winner).
 */
export async function readResult(sql: Sql, marketId: string): Promise<ResultRow | undefined> {
  const [row] = await sql.query<ResultRow>(
    `SELECT r.kind, r.winner_runner_id, r.line_result, r.placings,
            (to_jsonb(m) ->> 'number_of_winners')::integer AS number_of_winners
       FROM market_results r JOIN markets m ON m.id = r.market_id WHERE r.market_id = $1`,
    [marketId],
  );
  return row;
}

/** Whether a result was recorded for the market. */
export async function hasResult(sql: Sql, marketId: string): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM market_results WHERE market_id = $1', [marketId])).length > 0;
}

/** The market's status, its row locked for the caller's transaction; undefined: no such market. */
export async function lockMarketStatus(tx: Sql, marketId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ status: string }>('SELECT status FROM markets WHERE id = $1 FOR UPDATE', [
    marketId,
  ]);
  return row?.status;
}

export type StakeLimitsRow = {
  status: string;
  min_stake_minor: bigint | string;
  max_stake_minor: bigint | string;
};

/** The market's status and stake limits, its row locked for the caller's transaction. */
export async function lockStakeLimits(tx: Sql, marketId: string): Promise<StakeLimitsRow | undefined> {
  const [row] = await tx.query<StakeLimitsRow>(
    'SELECT status, min_stake_minor, max_stake_minor FROM markets WHERE id = $1 FOR UPDATE',
    [marketId],
  );
  return row;
}

/** The market's type; undefined: no such market. */
export async function readMarketType(sql: Sql, marketId: string): Promise<string | undefined> {
  const [row] = await sql.query<{ type: string }>('SELECT type FROM markets WHERE id = $1', [marketId]);
  return row?.type;
}

/** Whether the market exists. */
export async function marketExists(sql: Sql, marketId: string): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM markets WHERE id = $1', [marketId])).length > 0;
}

/** The market's event; undefined: no such market. */
export async function readEventOfMarket(sql: Sql, marketId: string): Promise<string | undefined> {
  const [row] = await sql.query<{ event_id: string }>('SELECT event_id FROM markets WHERE id = $1', [
    marketId,
  ]);
  return row?.event_id;
}

/** Whether the event exists. */
export async function eventExists(sql: Sql, eventId: string): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM events WHERE id = $1', [eventId])).length > 0;
}

/** Whether the market has this runner. */
export async function hasRunner(sql: Sql, marketId: string, runnerId: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM runners WHERE market_id = $1 AND runner_id = $2', [
    marketId,
    runnerId,
  ]);
  return rows.length > 0;
}

/** Whether a sport has this slug. */
export async function isKnownSport(sql: Sql, slug: string): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM sports WHERE slug = $1', [slug])).length > 0;
}

/** Which of these slugs name a sport. */
export async function knownSports(sql: Sql, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await sql.query<{ slug: string }>('SELECT slug FROM sports WHERE slug = ANY($1::text[])', [
    slugs,
  ]);
  return new Set(rows.map((row) => row.slug));
}

/** Whether the market is house-priced; undefined: no such market. */
export async function readHousePriced(sql: Sql, marketId: string): Promise<boolean | undefined> {
  const [row] = await sql.query<{ house_priced: boolean }>('SELECT house_priced FROM markets WHERE id = $1', [
    marketId,
  ]);
  return row?.house_priced;
}

/** The market's definition version now (docs/decisions/0259); 0 for no such market. */
export async function readDefinitionVersion(sql: Sql, marketId: string): Promise<number> {
  const [row] = await sql.query<{ version: string | number }>(
    'SELECT definition_version AS version FROM markets WHERE id = $1',
    [marketId],
  );
  return Number(row?.version ?? 0);
}

/** The books the exchange last published for these markets (`Ladder`: the stored ladder's shape). */
export function readStoredBooks<Ladder>(
  sql: Sql,
  marketIds: readonly string[],
): Promise<{ market_id: string; version: bigint | string | number; ladder: Ladder }[]> {
  return sql.query<{ market_id: string; version: bigint | string | number; ladder: Ladder }>(
    `SELECT market_id, version, ladder FROM market_books
      WHERE market_id = ANY($1::text[])`,
    [marketIds],
  );
}

export type CatalogueRunnerRow = {
  market_id: string;
  runner_id: string;
  bf_id: bigint | string;
  name: string;
  sort_order: number;
};

/** The runners of these markets, by market and in their order. */
export function readRunnersOfMarkets(sql: Sql, marketIds: readonly string[]): Promise<CatalogueRunnerRow[]> {
  return sql.query<CatalogueRunnerRow>(
    `SELECT market_id, runner_id, bf_id, name, sort_order FROM runners
      WHERE market_id = ANY($1::text[]) ORDER BY market_id, sort_order`,
    [marketIds],
  );
}
