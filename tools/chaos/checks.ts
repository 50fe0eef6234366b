import { formatMinor } from '@backlay/ledger';
import type pg from 'pg';
import { checkExchangeHolds, type HoldFinding, type Position } from './exchange-holds.ts';
import type { Sent } from './record.ts';

export type KeyFindings = {
  /** 2xx whose bet or callback is not in the database exactly once, with its money moved once. */
  lost: string[];
  /** Keys found more than once (rows or ledger transfers), or an exchange position held beyond its bets. */
  doubled: string[];
  /** 4xx whose key is in the database or moved money. */
  refusalsThatMoved: string[];
};

/** `transfers` null: the stake is judged otherwise (an exchange bet's through its position's hold). */
type Found = { key: string; id: string; rows: number; transfers: number | null };

/**
 * The ledger stores a transfer under its operation's key and its leg (`<key>#0` for a one-leg transfer),
 * so each product's stake is found by the key its module posts it with.
 */
const PRODUCT_SQL: Record<'exchange' | 'crash' | 'table', { table: string; stakeKey: string | null }> = {
  // An exchange stake is a hold on the player's market position, not a transfer of its own: judged by
  // checkExchangeHolds (exchange-holds.ts).
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
    : 'NULL::int';
  const { rows } = await pool.query<Found>(
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
  return new Map(rows.filter((row) => row.rows > 0 || (row.transfers ?? 0) > 0).map((row) => [row.key, row]));
}

/** How many ledger transfers an acknowledged request must have made. */
function expectedTransfers(request: Sent): number {
  if (request.product === 'casino') return (request.amountMinor ?? 0) > 0 ? 1 : 0;
  return 1;
}

/**
 * Each exchange position a judged request bet on must be held exactly as its stored bets need
 * (exchange-holds.ts). No ledger row names a bet, so a finding names the position and the window's
 * requests on it: held short is a stake lost; held over is a refusal that moved money when one of them
 * was refused, else a hold taken twice.
 */
async function checkPositions(
  pool: pg.Pool,
  requests: readonly Sent[],
  findings: KeyFindings,
): Promise<void> {
  const onMarket = requests.filter((request) => request.product === 'exchange' && request.marketId);
  const positions: Position[] = onMarket.map((request) => ({
    playerId: request.playerId,
    marketId: request.marketId!,
  }));
  for (const finding of await checkExchangeHolds(pool, positions)) {
    const mine = onMarket.filter(
      (request) => request.playerId === finding.playerId && request.marketId === finding.marketId,
    );
    const keys = mine.map((request) => request.key);
    const label = `exchange ${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ` (+${keys.length - 3})` : ''}`;
    const line = `${label}: ${describeHold(finding)}`;
    if (finding.heldMinor < finding.exposureMinor) findings.lost.push(line);
    else if (mine.some((request) => request.outcome === '4xx')) findings.refusalsThatMoved.push(line);
    else findings.doubled.push(line);
  }
}

const describeHold = (finding: HoldFinding) =>
  `player ${finding.playerId} on market ${finding.marketId}: its batches hold ${formatMinor(finding.heldMinor)}, its bets' exposure is ${formatMinor(finding.exposureMinor)} (${finding.heldMinor < finding.exposureMinor ? 'a stake never held' : 'held twice, or for a bet not stored'})`;

/**
 * Checks every answered request of a window against the database: each 2xx exactly once with its money
 * moved exactly once, each 4xx absent and without money moved (an exchange bet's money is its position's
 * hold, judged per position, 2xx and 4xx alike). Unanswered requests are unknown to their client and are
 * not judged.
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
      if (row.transfers === null) continue;
      const expected = expectedTransfers(request);
      if (row.transfers > expected) findings.doubled.push(`${label}: ${row.transfers} stake transfers`);
      if (row.transfers < expected) findings.lost.push(`${label}: its stake was not moved`);
    }
  }
  await checkPositions(pool, judged, findings);
  return findings;
}
