import { catalogue } from '@backlay/catalogue';
import type { CasinoBet, CasinoBetStatus } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { likePattern } from '../../platform/sql-text.ts';
import { gameNameOf } from './wallet-ledger.ts';

export type CasinoBetsFilter = {
  playerId: string;
  page: number;
  pageSize: number;
  search?: string | undefined;
};

type Row = {
  transaction_id: string;
  game_id: string;
  round_id: string;
  amount_minor: bigint;
  win_minor: bigint;
  bet_status: CasinoBetStatus;
  created_at: Date | string;
};

// Game names live in the catalogue, not in the database: a name search becomes a list of game ids.
const allGames = [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb];

function gameIdsNamed(search: string): string[] {
  const needle = search.toLowerCase();
  return allGames.filter((game) => game.name.toLowerCase().includes(needle)).map((game) => String(game.id));
}

const FILTER = `kind = 'BET' AND player_id = $1
  AND ($2::text IS NULL OR round_id ILIKE $2 OR transaction_id ILIKE $2 OR game_id = ANY ($3::text[]))`;

/** The player's casino bets, newest first, with what each round paid back (Current Bet, type Casino). */
export async function readCasinoBets(
  sql: Sql,
  filter: CasinoBetsFilter,
): Promise<{ items: CasinoBet[]; total: number }> {
  const search = filter.search ? filter.search : null;
  const params = [
    filter.playerId,
    search === null ? null : likePattern(search),
    search ? gameIdsNamed(search) : [],
  ];
  const rows = await sql.query<Row>(
    `SELECT transaction_id, game_id, round_id, amount_minor, win_minor, bet_status, created_at
       FROM casino_transactions WHERE ${FILTER}
      ORDER BY created_at DESC, seq DESC LIMIT $4 OFFSET $5`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const [count] = await sql.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM casino_transactions WHERE ${FILTER}`,
    params,
  );
  return {
    items: rows.map((row) => ({
      id: row.transaction_id,
      gameId: row.game_id,
      gameName: gameNameOf(row.game_id),
      roundId: row.round_id,
      stake: formatMinor(BigInt(row.amount_minor)),
      win: formatMinor(BigInt(row.win_minor)),
      status: row.bet_status,
      placedAt: new Date(row.created_at).toISOString(),
    })),
    total: Number(count?.total ?? 0),
  };
}

/** Whether a transaction id is a casino bet's. */
export async function isCasinoBet(sql: Sql, transactionId: string): Promise<boolean> {
  const rows = await sql.query(
    "SELECT 1 FROM casino_transactions WHERE transaction_id = $1 AND kind = 'BET'",
    [transactionId],
  );
  return rows.length > 0;
}
