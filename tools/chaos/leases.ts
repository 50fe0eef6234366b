import { formatMinor } from '@backlay/ledger';
import type pg from 'pg';

/** The live owner of a unit's lease (the database clock decides expiry), or null when none holds it. */
export async function leaseOwner(pool: pg.Pool, unitId: string): Promise<string | null> {
  const { rows } = await pool.query<{ owner: string }>(
    'SELECT owner FROM unit_leases WHERE unit_id = $1 AND expires_at > now()',
    [unitId],
  );
  return rows[0]?.owner ?? null;
}

/** How many units' leases `owner` holds now, of how many held by anyone. */
export async function unitsHeld(pool: pg.Pool, owner: string): Promise<{ held: number; all: number }> {
  const { rows } = await pool.query<{ held: string; all: string }>(
    `SELECT count(*) FILTER (WHERE owner = $1) AS held, count(*) AS all
       FROM unit_leases WHERE expires_at > now()`,
    [owner],
  );
  return { held: Number(rows[0]?.held ?? 0), all: Number(rows[0]?.all ?? 0) };
}

export type MarketChoice = { id: string; runnerId: string; stake: string; owner: string | null };

/**
 * Open exchange markets (match odds of events not in play), with the first runner and the market unit's
 * lease owner: those `preferredOwner` holds first, then those nobody holds, then those whose event starts
 * last, so that none goes in play or closes during the run.
 */
export async function openMarkets(
  pool: pg.Pool,
  limit: number,
  preferredOwner = '',
): Promise<MarketChoice[]> {
  const { rows } = await pool.query<{
    id: string;
    runner_id: string;
    min_stake_minor: string;
    owner: string | null;
  }>(
    `SELECT * FROM (SELECT m.id, e.start_time, m.min_stake_minor::text,
            (SELECT r.runner_id FROM runners r WHERE r.market_id = m.id ORDER BY r.sort_order LIMIT 1) AS runner_id,
            (SELECT l.owner FROM unit_leases l WHERE l.unit_id = 'market:' || m.id AND l.expires_at > now()) AS owner
       FROM markets m JOIN events e ON e.id = m.event_id
      WHERE m.status = 'OPEN' AND NOT m.in_play AND NOT m.house_priced AND m.line IS NULL
        AND e.status = 'SCHEDULED' AND m.type = 'MATCH_ODDS') AS open
      ORDER BY owner IS NOT DISTINCT FROM $2 DESC, owner IS NULL DESC, start_time DESC, id LIMIT $1`,
    [limit, preferredOwner],
  );
  return rows
    .filter((row) => row.runner_id !== null)
    .map((row) => ({
      id: row.id,
      runnerId: row.runner_id,
      stake: formatMinor(BigInt(row.min_stake_minor)),
      owner: row.owner,
    }));
}
