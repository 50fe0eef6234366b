import type { Sql } from '../../db/database.ts';
import { termsFor } from './market-defaults.ts';

/**
 * Bookmaker lines of mirrored markets (docs/decisions/0278): a house-priced market beside a mirrored
 * win market, on its event and with its runners, whose fair chances follow the source's mid prices. The
 * exchange quotes it with the house margin as it quotes a simulated match's bookmaker line.
 */

const LINE_SUFFIX = '-bm';
/** The line beside a mirrored market: its id and `-bm`, within the id alphabet and 100 characters. */
export const bookmakerLineIdOf = (marketId: string): string => `${marketId}${LINE_SUFFIX}`;

export type BookmakerLine = {
  /** The mirrored exchange market the line follows (it exists already). */
  marketId: string;
  status: 'OPEN' | 'SUSPENDED' | 'CLOSED';
  inPlay: boolean;
  /** Fair chance per runner id in parts per million; null: the runner is not offered now. */
  fairPpm: Record<string, number | null>;
};

export type BookmakerLineWrite = { createdMarketIds: string[]; changedMarketIds: string[] };

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * Writes each line as its source now says: created beside its market with the market's runners, its
 * status and chances updated. A settled, void or closed line keeps its state; rows are compared first,
 * so an unchanged line moves no version. Answers the lines created and the ones that changed.
 */
export async function upsertBookmakerLines(
  tx: Sql,
  lines: readonly BookmakerLine[],
): Promise<BookmakerLineWrite> {
  if (lines.length === 0) return { createdMarketIds: [], changedMarketIds: [] };
  const lineIds = lines.map((line) => bookmakerLineIdOf(line.marketId));
  const existing = new Set(
    (await tx.query<{ id: string }>('SELECT id FROM markets WHERE id = ANY($1::text[])', [lineIds])).map(
      (row) => row.id,
    ),
  );
  const changed = new Set([
    ...(await upsertLineRows(tx, lines)),
    ...(await copyRunners(tx, lines)),
    ...(await setChances(tx, lines)),
  ]);
  const changedMarketIds = [...changed].filter((id) => existing.has(id));
  if (changedMarketIds.length > 0) {
    await tx.query(
      'UPDATE markets SET version = version + 1, updated_at = now() WHERE id = ANY($1::text[])',
      [changedMarketIds],
    );
  }
  return { createdMarketIds: lineIds.filter((id) => !existing.has(id)), changedMarketIds };
}

async function upsertLineRows(tx: Sql, lines: readonly BookmakerLine[]): Promise<string[]> {
  const terms = termsFor({ pricing: 'HOUSE' });
  const rows = lines.map((line) => ({
    id: bookmakerLineIdOf(line.marketId),
    market_id: line.marketId,
    status: line.status,
    in_play: line.inPlay && line.status !== 'CLOSED',
  }));
  const written = await tx.query<{ id: string }>(
    `INSERT INTO markets AS m (id, event_id, type, name, sort_order, status, in_play, bet_delay_sec,
       min_stake_minor, max_stake_minor, commission_percent, house_priced, market_maker, number_of_winners)
     SELECT x.id, s.event_id, 'BOOKMAKER', 'Bookmaker', s.sort_order + 1, x.status, x.in_play, $2, $3, $4, $5,
            true, false, 1
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, market_id text, status text, in_play boolean)
     JOIN markets s ON s.id = x.market_id
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, in_play = EXCLUDED.in_play, updated_at = now()
     WHERE m.status IN ('OPEN', 'SUSPENDED')
       AND (m.status, m.in_play) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.in_play)
     RETURNING m.id`,
    [
      json(rows),
      terms.betDelaySec,
      terms.minStakeMinor.toString(),
      terms.maxStakeMinor.toString(),
      terms.commissionPercent,
    ],
  );
  return written.map((row) => row.id);
}

/**
 * The market's runners, in its order, with its names and its non-runners (marked earlier in the same
 * batch), so a bet on the line names the same runner as one on the market.
 */
async function copyRunners(tx: Sql, lines: readonly BookmakerLine[]): Promise<string[]> {
  const written = await tx.query<{ market_id: string }>(
    `INSERT INTO runners AS r (market_id, runner_id, name, sort_order, status, removed_at, adjustment_factor)
     SELECT l.id, s.runner_id, s.name, s.sort_order, s.status, s.removed_at, s.adjustment_factor
     FROM runners s JOIN markets l ON l.id = s.market_id || $2
     WHERE s.market_id = ANY($1::text[]) AND l.status IN ('OPEN', 'SUSPENDED')
     ON CONFLICT (market_id, runner_id) DO UPDATE SET
       name = EXCLUDED.name, status = EXCLUDED.status, removed_at = EXCLUDED.removed_at,
       adjustment_factor = EXCLUDED.adjustment_factor
     WHERE (r.name, r.status, r.removed_at, r.adjustment_factor)
           IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.status, EXCLUDED.removed_at, EXCLUDED.adjustment_factor)
     RETURNING r.market_id`,
    [lines.map((line) => line.marketId), LINE_SUFFIX],
  );
  return written.map((row) => row.market_id);
}

async function setChances(tx: Sql, lines: readonly BookmakerLine[]): Promise<string[]> {
  const rows = lines.flatMap((line) =>
    Object.entries(line.fairPpm).map(([runnerId, ppm]) => ({
      market_id: bookmakerLineIdOf(line.marketId),
      runner_id: runnerId,
      ppm,
    })),
  );
  const written = await tx.query<{ market_id: string }>(
    `UPDATE runners r SET fair_ppm = x.ppm
     FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, runner_id text, ppm integer), markets l
     WHERE r.market_id = x.market_id AND r.runner_id = x.runner_id AND l.id = x.market_id
       AND l.status IN ('OPEN', 'SUSPENDED') AND r.fair_ppm IS DISTINCT FROM x.ppm
     RETURNING r.market_id`,
    [json(rows)],
  );
  return written.map((row) => row.market_id);
}

/**
 * The result of each of these markets, once it has one, recorded for its line too (once: a result
 * already there stands). Answers the lines that got one now.
 */
export async function recordLineResults(tx: Sql, marketIds: readonly string[]): Promise<string[]> {
  if (marketIds.length === 0) return [];
  const rows = await tx.query<{ market_id: string }>(
    `INSERT INTO market_results (market_id, kind, winner_runner_id, placings, line_result, decided_at)
     SELECT l.id, r.kind, r.winner_runner_id, r.placings, r.line_result, r.decided_at
     FROM market_results r JOIN markets l ON l.id = r.market_id || $2
     WHERE r.market_id = ANY($1::text[])
     ON CONFLICT (market_id) DO NOTHING
     RETURNING market_id`,
    [marketIds, LINE_SUFFIX],
  );
  return rows.map((row) => row.market_id);
}
