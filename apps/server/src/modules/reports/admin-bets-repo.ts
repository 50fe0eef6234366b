import type { AdminBet, AdminBetsQuery } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { authTables } from '../auth/index.ts';
import { casinoTables } from '../casino/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { roundTables } from '../tables/index.ts';

/**
 * Every product's bets for the console, newest first (docs/decisions/0239). Each product answers its
 * own newest page through its placement index (migration 018) with the filters applied, and the pages
 * are merged: a page costs a few index probes per product, however many bets there are.
 */

/** Each product's bets in common columns: `state` in the words all products share. */
const BRANCHES = {
  exchange: `
    SELECT 'exchange' AS product, b.id AS id, b.player_id, b.market_id AS market, b.runner_id AS selection,
           b.side, b.stake_minor,
           CASE WHEN b.status = 'SETTLED' THEN 'settled'
                WHEN b.status IN ('VOID', 'CANCELLED', 'LAPSED') THEN 'void' ELSE 'open' END AS state,
           b.status, b.profit_minor AS result_minor, b.placed_at
      FROM ${exchangeTables.bets} b`,
  tables: `
    SELECT 'tables' AS product, t.id::text AS id, t.player_id, t.table_id AS market, t.market_id AS selection,
           NULL AS side, t.stake_minor,
           CASE t.status WHEN 'OPEN' THEN 'open' WHEN 'VOID' THEN 'void' ELSE 'settled' END AS state,
           t.status, CASE WHEN t.status = 'OPEN' THEN NULL ELSE coalesce(t.payout_minor, 0) - t.stake_minor END
             AS result_minor,
           t.placed_at
      FROM ${roundTables.tableBets} t`,
  crash: `
    SELECT 'crash' AS product, c.id::text AS id, c.player_id, 'crash' AS market, NULL AS selection,
           NULL AS side, c.stake_minor,
           CASE c.status WHEN 'OPEN' THEN 'open' WHEN 'VOID' THEN 'void' ELSE 'settled' END AS state,
           c.status, CASE WHEN c.status = 'OPEN' THEN NULL ELSE coalesce(c.payout_minor, 0) - c.stake_minor END
             AS result_minor,
           c.placed_at
      FROM ${roundTables.crashBets} c`,
  casino: `
    SELECT 'casino' AS product, k.transaction_id AS id, k.player_id::text AS player_id, k.game_id AS market,
           NULL AS selection, NULL AS side, k.amount_minor AS stake_minor,
           CASE k.bet_status WHEN 'OPEN' THEN 'open' WHEN 'ROLLED_BACK' THEN 'void' ELSE 'settled' END AS state,
           k.bet_status AS status,
           CASE WHEN k.bet_status IN ('WON', 'LOST') THEN k.win_minor - k.amount_minor END AS result_minor,
           k.created_at AS placed_at
      FROM ${casinoTables.transactions} k`,
} as const;

/** Where each branch's columns come from, for its filters (the casino's names differ). */
const COLUMNS = {
  exchange: { id: 'b.id', player: 'b.player_id', market: 'b.market_id', at: 'b.placed_at', where: 'true' },
  tables: { id: 't.id::text', player: 't.player_id', market: 't.table_id', at: 't.placed_at', where: 'true' },
  crash: { id: 'c.id::text', player: 'c.player_id', market: "'crash'", at: 'c.placed_at', where: 'true' },
  casino: {
    id: 'k.transaction_id',
    player: 'k.player_id::text',
    market: 'k.game_id',
    at: 'k.created_at',
    where: "k.kind = 'BET'",
  },
} as const;

type Product = keyof typeof BRANCHES;

type Row = {
  product: Product;
  id: string;
  player_id: string;
  market: string;
  selection: string | null;
  side: 'BACK' | 'LAY' | null;
  stake_minor: string | bigint;
  state: AdminBet['state'];
  status: string;
  result_minor: string | bigint | null;
  placed_at: Date | string;
  micros: string;
  email: string | null;
};

/**
 * One product's page: its filters, and the cursor as (time, id) below the last row of the previous
 * page. Parameters: $1 player, $2 market, $3 state, $4 cursor micros, $5 cursor id, $6 rows.
 */
function branch(product: Product): string {
  const c = COLUMNS[product];
  return `(SELECT x.*, (extract(epoch FROM x.placed_at) * 1000000)::bigint::text AS micros FROM (${BRANCHES[product]}
     WHERE ${c.where} AND ($1::text IS NULL OR ${c.player} = $1::text) AND ($2::text IS NULL OR ${c.market} = $2::text)
       AND ($4::bigint IS NULL OR (${c.at}, ${c.id}) < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::text))
     ORDER BY ${c.at} DESC, ${c.id} DESC) x
   WHERE ($3::text IS NULL OR x.state = $3::text) LIMIT $6)`;
}

export async function listAdminBets(
  sql: Sql,
  query: AdminBetsQuery,
): Promise<{ items: AdminBet[]; next: string | null }> {
  const products = query.product ? [query.product] : (Object.keys(BRANCHES) as Product[]);
  const [micros, id] = query.cursor ? splitCursor(query.cursor) : [null, null];
  const rows = await sql.query<Row>(
    `SELECT p.*, u.email FROM (${products.map(branch).join(' UNION ALL ')}) p
       LEFT JOIN ${authTables.users} u ON u.id::text = p.player_id
      ORDER BY p.placed_at DESC, p.id DESC LIMIT $6`,
    [query.player ?? null, query.market ?? null, query.status ?? null, micros, id, query.limit + 1],
  );
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(betOf),
    next: rows.length > query.limit && last ? `${last.micros}_${last.id}` : null,
  };
}

function splitCursor(cursor: string): [string, string] {
  const at = cursor.indexOf('_');
  return [cursor.slice(0, at), cursor.slice(at + 1)];
}

const betOf = (row: Row): AdminBet => ({
  id: row.id,
  product: row.product,
  playerId: row.player_id,
  email: row.email,
  market: row.market,
  selection: row.selection,
  side: row.side,
  stake: formatMinor(BigInt(row.stake_minor)),
  state: row.state,
  status: row.status,
  result: row.result_minor === null ? null : formatMinor(BigInt(row.result_minor)),
  placedAt: new Date(row.placed_at).toISOString(),
});
