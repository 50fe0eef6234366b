import type pg from 'pg';
import type { Sent } from './record.ts';

export type KeyFindings = {
  /** 2xx whose bet or callback is not in the database exactly once, with its money moved once. */
  lost: string[];
  /** Keys found more than once (rows or ledger transfers). */
  doubled: string[];
  /** 4xx whose key is in the database or moved money. */
  refusalsThatMoved: string[];
};

type Found = { key: string; id: string; rows: number; transfers: number };

/**
 * The ledger stores a transfer under its operation's key and its leg (`<key>#0` for a one-leg transfer),
 * so each product's stake is found by the key its module posts it with.
 */
const PRODUCT_SQL: Record<'exchange' | 'crash' | 'table', { table: string; stakeKey: string | null }> = {
  // An exchange stake is a hold on the player's market position, not a transfer of its own.
  exchange: { table: 'bets', stakeKey: null },
  crash: { table: 'crash_bets', stakeKey: 'crash-bet:' },
  table: { table: 'table_bets', stakeKey: 'table-bet:' },
};

async function findBets(
  pool: pg.Pool,
  product: keyof typeof PRODUCT_SQL,
  requests: readonly Sent[],
): Promise<Map<string, Found>> {
  const { table, stakeKey } = PRODUCT_SQL[product];
  const transfers = stakeKey
    ? `(SELECT count(*)::int FROM transfers t WHERE t.idempotency_key = '${stakeKey}' || b.id::text || '#0')`
    : '1';
  const { rows } = await pool.query<{ key: string; id: string; rows: number; transfers: number }>(
    `SELECT b.client_ref AS key, min(b.id::text) AS id, count(*)::int AS rows, sum(${transfers})::int AS transfers
       FROM ${table} b WHERE b.client_ref = ANY($1::text[]) GROUP BY b.client_ref`,
    [requests.map((request) => request.key)],
  );
  return new Map(rows.map((row) => [row.key, row]));
}

async function findCallbacks(pool: pg.Pool, requests: readonly Sent[]): Promise<Map<string, Found>> {
  const { rows } = await pool.query<Found>(
    `SELECT k.key, coalesce(min(c.transaction_id), '') AS id, count(c.transaction_id)::int AS rows,
            (SELECT count(*)::int FROM transfers t WHERE t.idempotency_key = 'casino-wallet:' || k.key || '#0') AS transfers
       FROM unnest($1::text[]) AS k(key) LEFT JOIN casino_transactions c ON c.transaction_id = k.key
      GROUP BY k.key`,
    [requests.map((request) => request.key)],
  );
  return new Map(rows.filter((row) => row.rows > 0 || row.transfers > 0).map((row) => [row.key, row]));
}

/** How many ledger transfers an acknowledged request must have made. */
function expectedTransfers(request: Sent): number {
  if (request.product === 'exchange') return 1;
  if (request.product === 'casino') return (request.amountMinor ?? 0) > 0 ? 1 : 0;
  return 1;
}

/**
 * Checks every answered request of a window against the database: each 2xx exactly once with its money
 * moved exactly once, each 4xx absent and without money moved. Unanswered requests are unknown to their
 * client and are not judged.
 */
export async function checkKeys(pool: pg.Pool, sent: readonly Sent[]): Promise<KeyFindings> {
  const findings: KeyFindings = { lost: [], doubled: [], refusalsThatMoved: [] };
  const judged = sent.filter((request) => request.outcome === '2xx' || request.outcome === '4xx');
  for (const product of ['exchange', 'crash', 'table', 'casino'] as const) {
    const requests = judged.filter((request) => request.product === product);
    if (requests.length === 0) continue;
    const found =
      product === 'casino' ? await findCallbacks(pool, requests) : await findBets(pool, product, requests);
    for (const request of requests) {
      const row = found.get(request.key);
      const label = `${product} ${request.key}`;
      if (request.outcome === '4xx') {
        // A refused callback may be remembered (its answer is replayed), but it must not move money.
        const moved = product === 'casino' ? (row?.transfers ?? 0) > 0 : row !== undefined;
        if (moved) findings.refusalsThatMoved.push(`${label} (${request.detail})`);
        continue;
      }
      if (!row || row.rows === 0) {
        findings.lost.push(`${label}: acknowledged, not in the database`);
        continue;
      }
      if (row.rows > 1) findings.doubled.push(`${label}: ${row.rows} rows`);
      if (request.id && product !== 'casino' && row.id !== request.id) {
        findings.lost.push(`${label}: acknowledged as ${request.id}, stored as ${row.id}`);
      }
      const expected = expectedTransfers(request);
      if (row.transfers > expected) findings.doubled.push(`${label}: ${row.transfers} stake transfers`);
      if (row.transfers < expected) findings.lost.push(`${label}: its stake was not moved`);
    }
  }
  return findings;
}
