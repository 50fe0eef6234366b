import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, playerIdOfAccountSql } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { walletTables } from '../wallet/index.ts';
import { transferIdRange } from './ledger-window.ts';
import type { ReportWindow } from './report-window.ts';

/**
 * The money of betting as the ledger holds it (docs/decisions/0247). The operator's side of a bet is the
 * house (exchange results, tables and crash), the commission account, the casino clearing account and
 * the market maker's account, which the operator funds: a transfer between two of them (commission
 * taken from the house, the maker's result) moves nothing in the operator's favour. A transfer between
 * one of them and a player is the player's loss (into it) or win (out of it), so the sum over a period
 * is exactly what those accounts gained from betting: the gross gaming revenue.
 */

/** The accounts on the operator's side of every bet, given the market maker's account. */
export const operatorAccounts = (makerAccountId: string): string[] => [
  SYSTEM_ACCOUNT_IDS.HOUSE,
  SYSTEM_ACCOUNT_IDS.COMMISSION,
  SYSTEM_ACCOUNT_IDS.CASINO_CLEARING,
  playerCashAccountId(makerAccountId),
];

/** The system's side of the operator's accounts, as SQL literals: the transfers worth reading. */
const SYSTEM_SIDE = [
  SYSTEM_ACCOUNT_IDS.HOUSE,
  SYSTEM_ACCOUNT_IDS.COMMISSION,
  SYSTEM_ACCOUNT_IDS.CASINO_CLEARING,
]
  .map((accountId) => `'${accountId}'`)
  .join(', ');

/** Transfer kinds that are bets' money; a reversal counts as the kind it reverses. */
const BETTING_KINDS = `('BET_WIN', 'BET_LOSS', 'COMMISSION', 'CASINO_BET', 'CASINO_WIN', 'BET_SETTLE')`;

/** Which product a transfer's reference names (docs/decisions/0133, 0150, casino wallet). */
export const PRODUCT_OF_REFERENCE = `CASE WHEN t.reference LIKE 'market:%' THEN 'exchange'
  WHEN t.reference LIKE 'table:crash:%' THEN 'crash' WHEN t.reference LIKE 'table:%' THEN 'tables'
  WHEN t.reference LIKE 'casino:%' THEN 'casino' END`;

/**
 * The betting transfers of a window, one row each: `at`, `product`, `market_id` (exchange), `player_id`
 * (the player's side, null between operator accounts), `gain` (signed, the operator's), `winnings`
 * (paid to a player at settlement), `commission` (charged to a player). Parameters: $1 start, $2 end,
 * $3 operator accounts, $4 the maker's commission key pattern. Only transfers touching a system account
 * are read, through the (account, id) indexes within the window's id range.
 */
export function bettingMovesSql(): string {
  const range = transferIdRange('$1::timestamptz', '$2::timestamptz');
  return `WITH RECURSIVE ${range.ctes},
    moves AS (
      SELECT t.created_at AS at, ${PRODUCT_OF_REFERENCE} AS product,
             CASE WHEN t.reference LIKE 'market:%' THEN substr(t.reference, 8) END AS market_id,
             CASE WHEN NOT t.credit_account_id = ANY($3::text[]) THEN t.credit_account_id
                  WHEN NOT t.debit_account_id = ANY($3::text[]) THEN t.debit_account_id END AS player_account,
             (CASE WHEN t.credit_account_id = ANY($3::text[]) THEN t.amount_minor ELSE 0 END
              - CASE WHEN t.debit_account_id = ANY($3::text[]) THEN t.amount_minor ELSE 0 END) AS gain,
             CASE WHEN t.kind IN ('BET_WIN', 'CASINO_WIN') AND NOT t.credit_account_id = ANY($3::text[])
                  THEN t.amount_minor ELSE 0 END AS winnings,
             CASE WHEN t.kind = 'COMMISSION' AND t.idempotency_key NOT LIKE $4 THEN t.amount_minor ELSE 0 END
               AS commission
        FROM ${walletTables.transfers} t
       WHERE ${range.condition}
         AND (t.debit_account_id IN (${SYSTEM_SIDE}) OR t.credit_account_id IN (${SYSTEM_SIDE}))
         -- Only a reversal looks up what it reverses: one probe for the few, none for the many.
         AND CASE WHEN t.kind = 'REVERSAL'
                  THEN (SELECT o.kind FROM ${walletTables.transfers} o WHERE o.id = t.reverses_transfer_id)
                  ELSE t.kind END IN ${BETTING_KINDS}
    )`;
}

/** The parameters of `bettingMovesSql` for a window. */
export const bettingMovesParams = (
  window: Pick<ReportWindow, 'startMs' | 'endMs'>,
  makerAccountId: string,
) => [
  new Date(window.startMs).toISOString(),
  new Date(window.endMs).toISOString(),
  operatorAccounts(makerAccountId),
  `%:${likeEscape(makerAccountId)}:commission%`,
];

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A player's id from the account the ledger names on their side (their cash or hold account). */
export const PLAYER_OF_ACCOUNT = playerIdOfAccountSql('player_account');

export type MoveTotals = { gain: bigint; winnings: bigint; commission: bigint };

/** Sums of the moves grouped by `key` (an SQL expression over `moves`, with `extraJoins`). */
export async function bettingTotals(
  sql: Sql,
  window: Pick<ReportWindow, 'startMs' | 'endMs'>,
  makerAccountId: string,
  key: string,
  extraJoins = '',
  extraParams: unknown[] = [],
): Promise<Map<string, MoveTotals>> {
  const rows = await sql.query<{ key: string; gain: string; winnings: string; commission: string }>(
    `${bettingMovesSql()}
     SELECT ${key} AS key, sum(gain)::text AS gain, sum(winnings)::text AS winnings,
            sum(commission)::text AS commission
       FROM moves ${extraJoins}
      WHERE product IS NOT NULL
      GROUP BY 1`,
    [...bettingMovesParams(window, makerAccountId), ...extraParams],
  );
  return new Map(
    rows.map((row) => [
      row.key,
      { gain: BigInt(row.gain), winnings: BigInt(row.winnings), commission: BigInt(row.commission) },
    ]),
  );
}
