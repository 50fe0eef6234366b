import { playerCashAccountId, playerHoldAccountId } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/**
 * Reads of a player's money that other modules judge with: deposits and net loss for the protection
 * module's limits, the cash lock and floor its loss limits take, a cash desk replay, the exposure held.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** Deposits credited to the player's cash since `startMs`. */
export async function depositsSince(sql: Sql, playerId: string, startMs: number): Promise<bigint> {
  const [row] = await sql.query<{ used: string | null }>(
    `SELECT sum(amount_minor)::text AS used FROM transfers
      WHERE credit_account_id = $1 AND kind = 'DEPOSIT' AND created_at >= $2`,
    [playerCashAccountId(playerId), iso(startMs)],
  );
  return BigInt(row?.used ?? 0);
}

/** Net loss since `startMs`, signed (a period in profit is negative): every movement but the cash desk's. */
export async function netLossSince(sql: Sql, playerId: string, startMs: number): Promise<bigint> {
  const account = playerCashAccountId(playerId);
  const [row] = await sql.query<{ lost: string | null }>(
    `SELECT sum(CASE WHEN debit_account_id = $1 THEN amount_minor ELSE -amount_minor END)::text AS lost
       FROM transfers
      WHERE (debit_account_id = $1 OR credit_account_id = $1) AND created_at >= $2
        AND kind NOT IN ('DEPOSIT', 'WITHDRAW')`,
    [account, iso(startMs)],
  );
  return BigInt(row?.lost ?? 0);
}

/** Locks the player's cash row (every movement of their money takes this lock first) and reads it. */
export async function lockCash(sql: Sql, playerId: string): Promise<bigint> {
  const [row] = await sql.query<{ balance_minor: string | bigint }>(
    'SELECT balance_minor FROM accounts WHERE account_id = $1 FOR UPDATE',
    [playerCashAccountId(playerId)],
  );
  return BigInt(row?.balance_minor ?? 0);
}

/** The cash below which a loss limit refuses a stake (null: no loss limit), kept on the cash row. */
export async function saveLossFloor(sql: Sql, playerId: string, floorMinor: bigint | null): Promise<void> {
  await sql.query('UPDATE accounts SET loss_floor_minor = $2 WHERE account_id = $1', [
    playerCashAccountId(playerId),
    floorMinor?.toString() ?? null,
  ]);
}

/** Whether an operation with this idempotency key was already posted (a retried request). */
export async function isPostedOperation(sql: Sql, idempotencyKey: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM ledger_operations WHERE idempotency_key = $1', [
    idempotencyKey,
  ]);
  return rows.length > 0;
}

/** Every player's exposure held: the hold accounts' balances, one player's (the market maker's) left out. */
export async function heldExposureMinor(sql: Sql, exceptPlayerId: string): Promise<bigint> {
  const [row] = await sql.query<{ total: string }>(
    `SELECT coalesce(sum(balance_minor), 0)::text AS total FROM accounts
      WHERE kind = 'PLAYER_HOLD' AND balance_minor > 0 AND account_id <> $1`,
    [playerHoldAccountId(exceptPlayerId)],
  );
  return BigInt(row?.total ?? 0);
}
