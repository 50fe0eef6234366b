import { playerCashAccountId, playerHoldAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import {
  standingColumns,
  standingJoin,
  type MoneyRow,
  type PlayerStandingRow,
  type StandingReads,
  type StandingRow,
  type TreeStandingSql,
} from '../admission/index.ts';
import { authTables } from '../auth/index.ts';
import { walletTables } from '../wallet/index.ts';

const MONEY_COLUMNS = 'a.balance_minor, a.loss_floor_minor, h.balance_minor AS hold_minor';
/** The player's cash account (parameter `$cash`) and hold account (the next parameter). */
const moneyJoins = (cash: number) => `LEFT JOIN ${walletTables.accounts} a ON a.account_id = $${cash}
  LEFT JOIN ${walletTables.accounts} h ON h.account_id = $${cash + 1}`;

/**
 * The admission gate's reads (docs/decisions/0231, 0266): a player's status, bet lock and stake cap
 * (auth's row), breaks from play (this module's), and cash and holds with the loss limit's floor (the
 * wallet's), each read in one statement. The composition hands them to the gate, with the SQL of what
 * the agents above the player add (docs/decisions/0290, 0292).
 */
export function standingReadsWith(tree?: TreeStandingSql): StandingReads {
  const columns = standingColumns(tree);
  const join = standingJoin(tree);
  return {
    async player(sql: Sql, playerId: string) {
      const [found] = await sql.query<PlayerStandingRow>(
        `SELECT ${columns}, ${MONEY_COLUMNS}
         FROM (SELECT 1) AS one
         LEFT JOIN ${authTables.users} u ON u.id = $1::uuid
         LEFT JOIN player_protection p ON p.player_id = $1::uuid
         ${join}
         ${moneyJoins(2)}`,
        [playerId, playerCashAccountId(playerId), playerHoldAccountId(playerId)],
      );
      return found;
    },

    async money(sql: Sql, playerId: string) {
      const [found] = await sql.query<MoneyRow>(
        `SELECT ${MONEY_COLUMNS} FROM (SELECT 1) AS one ${moneyJoins(1)}`,
        [playerCashAccountId(playerId), playerHoldAccountId(playerId)],
      );
      return found;
    },

    standings(sql: Sql, playerIds: readonly string[]) {
      return sql.query<StandingRow & { id: string }>(
        `SELECT u.id, ${columns} FROM ${authTables.users} u LEFT JOIN player_protection p ON p.player_id = u.id
         ${join}
        WHERE u.id = ANY($1::uuid[])`,
        [playerIds],
      );
    },
  };
}

/** The reads with the player's own bet lock only. */
export const standingReads: StandingReads = standingReadsWith();
