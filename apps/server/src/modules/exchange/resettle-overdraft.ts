import { isPlayerCashAccountId, type LedgerRequest } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';

/** A transfer of the standing settlement that a re-settlement reverses. */
export type Reversed = { debitAccountId: string; creditAccountId: string; amountMinor: bigint };

/**
 * What a re-settlement's requests do to each player's cash, in minor units: a transfer moves its
 * amount, a reversal moves its original's amount back. Hold releases only add to the cash and are
 * left out, which can only overstate what a player needs.
 */
export function cashMoves(
  requests: readonly LedgerRequest[],
  reversals: ReadonlyMap<LedgerRequest, Reversed>,
): Map<string, bigint> {
  const moves = new Map<string, bigint>();
  const add = (accountId: string, deltaMinor: bigint) => {
    if (isPlayerCashAccountId(accountId)) moves.set(accountId, (moves.get(accountId) ?? 0n) + deltaMinor);
  };
  for (const request of requests) {
    const moved =
      request.op === 'transfer'
        ? request
        : request.op === 'reverse'
          ? flip(reversals.get(request))
          : undefined;
    if (!moved) continue;
    add(moved.debitAccountId, -moved.amountMinor);
    add(moved.creditAccountId, moved.amountMinor);
  }
  return moves;
}

const flip = (reversed: Reversed | undefined): Reversed | undefined =>
  reversed && {
    debitAccountId: reversed.creditAccountId,
    creditAccountId: reversed.debitAccountId,
    amountMinor: reversed.amountMinor,
  };

/**
 * Lets the re-settlement's postings take a player's cash below zero (docs/decisions/0252): locks the
 * players in account order (as every ledger write does, so this cannot deadlock with them), raises the
 * overdraft of each player the moves leave short to that shortfall, and allows the transaction to use
 * it. Money to players moves first (resettle.ts), so the end of the moves is each player's lowest.
 */
export async function allowOverdrafts(tx: Sql, moves: ReadonlyMap<string, bigint>): Promise<void> {
  if (moves.size === 0) return;
  await tx.query('SELECT 1 FROM ledger_lock_players($1::text[])', [[...moves.keys()]]);
  await tx.query(
    `UPDATE accounts a SET overdraft_minor = GREATEST(a.overdraft_minor, -(a.balance_minor + m.delta))
       FROM (SELECT key AS account_id, value::bigint AS delta FROM jsonb_each_text($1::jsonb)) m
      WHERE a.account_id = m.account_id AND a.balance_minor + m.delta < 0`,
    [JSON.stringify(Object.fromEntries([...moves].map(([id, delta]) => [id, delta.toString()])))],
  );
  await tx.query("SELECT set_config('ledger.overdraft', 'on', true)");
}

/**
 * After the postings: no other write of the transaction may use an overdraft, and each player's
 * overdraft is exactly the debt left, so a later re-settlement starts from it and a player back above
 * zero keeps none.
 */
export async function closeOverdrafts(tx: Sql, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.query("SELECT set_config('ledger.overdraft', '', true)");
  await tx.query(
    `UPDATE accounts SET overdraft_minor = GREATEST(0, -balance_minor)
      WHERE account_id = ANY ($1::text[]) AND overdraft_minor <> GREATEST(0, -balance_minor)`,
    [accountIds],
  );
}
