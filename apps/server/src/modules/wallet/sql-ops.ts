import {
  planHoldPost,
  planHoldReserve,
  planHoldResize,
  planHoldVoid,
  playerCashAccountId,
  type Hold,
  type LedgerRequest,
  type PostHoldRequest,
  type ReserveHoldRequest,
  type ReverseRequest,
} from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import type { LegInput } from './ledger-codec.ts';
import { lockPlayers, post, previousOutcome, rejected, type LedgerOutcome } from './sql-post.ts';

export { previousOutcome, rejected, type LedgerOutcome } from './sql-post.ts';

type HoldRow = {
  hold_id: string;
  player_id: string;
  state: Hold['state'];
  held_minor: bigint;
  posted_minor: bigint;
  destination_account_id: string | null;
  reference: string;
};

const toHold = (row: HoldRow): Hold => ({
  holdId: row.hold_id,
  playerId: row.player_id,
  state: row.state,
  heldMinor: row.held_minor,
  postedMinor: row.posted_minor,
  destinationAccountId: row.destination_account_id,
  reference: row.reference,
});

/** Reverse and hold operations, checked in the README's order, inside the caller's transaction. */
export async function applyGeneric(
  sql: Sql,
  request: LedgerRequest,
  fingerprint: string,
): Promise<LedgerOutcome> {
  const previous = await previousOutcome(sql, request, fingerprint);
  if (previous) return previous;
  switch (request.op) {
    case 'transfer':
      throw new Error('plain transfers go through ledger_transfer');
    case 'reverse':
      return applyReverse(sql, request, fingerprint);
    case 'reserveHold':
      return applyReserve(sql, request, fingerprint);
    default:
      return applyToPendingHold(sql, request, fingerprint);
  }
}

async function applyReverse(sql: Sql, request: ReverseRequest, fingerprint: string): Promise<LedgerOutcome> {
  const [original] = await sql.query<{
    id: bigint;
    debit_account_id: string;
    credit_account_id: string;
    amount_minor: bigint;
    reference: string;
    hold_id: string | null;
    reverses_transfer_id: bigint | null;
  }>(
    `SELECT id, debit_account_id, credit_account_id, amount_minor, reference, hold_id, reverses_transfer_id
       FROM transfers WHERE id = $1`,
    [request.transferId],
  );
  if (!original) return rejected('UNKNOWN_TRANSFER');
  if (original.hold_id !== null || original.reverses_transfer_id !== null) return rejected('NOT_REVERSIBLE');
  const accounts = [original.debit_account_id, original.credit_account_id];
  await lockPlayers(sql, accounts);
  const already = await sql.query('SELECT 1 FROM transfers WHERE reverses_transfer_id = $1', [original.id]);
  if (already.length > 0) return rejected('ALREADY_REVERSED');
  const leg: LegInput = {
    debitAccountId: original.credit_account_id,
    creditAccountId: original.debit_account_id,
    amountMinor: original.amount_minor,
    kind: 'REVERSAL',
  };
  const context = { reference: original.reference, holdId: null, reverses: original.id };
  return post(sql, request, fingerprint, [leg], context, null, accounts);
}

async function applyReserve(
  sql: Sql,
  request: ReserveHoldRequest,
  fingerprint: string,
): Promise<LedgerOutcome> {
  const existing = await sql.query('SELECT 1 FROM holds WHERE hold_id = $1', [request.holdId]);
  if (existing.length > 0) return rejected('HOLD_EXISTS');
  const cashAccountId = playerCashAccountId(request.playerId);
  const locked = await lockPlayers(sql, [cashAccountId]);
  if (!locked.includes(cashAccountId)) return rejected('UNKNOWN_ACCOUNT');
  const hold: Hold = {
    holdId: request.holdId,
    playerId: request.playerId,
    state: 'PENDING',
    heldMinor: request.amountMinor,
    postedMinor: 0n,
    destinationAccountId: null,
    reference: request.reference,
  };
  const legs = planHoldReserve(request.playerId, request.amountMinor);
  const context = { reference: request.reference, holdId: request.holdId, reverses: null };
  return post(sql, request, fingerprint, legs, context, hold, [cashAccountId]);
}

/** resizeHold, postHold, voidHold: UNKNOWN_HOLD, HOLD_CLOSED, then each operation's own checks. */
async function applyToPendingHold(
  sql: Sql,
  request: LedgerRequest,
  fingerprint: string,
): Promise<LedgerOutcome> {
  if (request.op !== 'resizeHold' && request.op !== 'postHold' && request.op !== 'voidHold') {
    throw new Error(`not a hold operation: ${request.op}`);
  }
  const [row] = await sql.query<HoldRow>('SELECT * FROM holds WHERE hold_id = $1 FOR UPDATE', [
    request.holdId,
  ]);
  if (!row) return rejected('UNKNOWN_HOLD');
  const hold = toHold(row);
  if (hold.state !== 'PENDING') return rejected('HOLD_CLOSED');
  const context = { reference: hold.reference, holdId: hold.holdId, reverses: null };
  const cashAccountId = playerCashAccountId(hold.playerId);
  if (request.op === 'postHold') return applyPost(sql, request, fingerprint, hold);
  await lockPlayers(sql, [cashAccountId]);
  // The hold row is locked, so its amount cannot have moved since it was read.
  if (request.op === 'resizeHold') {
    const legs = planHoldResize(hold.playerId, hold.heldMinor, request.amountMinor);
    const next = { ...hold, heldMinor: request.amountMinor };
    return post(sql, request, fingerprint, legs, context, next, [cashAccountId]);
  }
  const legs = planHoldVoid(hold.playerId, hold.heldMinor);
  const next: Hold = { ...hold, state: 'VOIDED', heldMinor: 0n };
  return post(sql, request, fingerprint, legs, context, next, [cashAccountId]);
}

async function applyPost(
  sql: Sql,
  request: PostHoldRequest,
  fingerprint: string,
  hold: Hold,
): Promise<LedgerOutcome> {
  const [destination] = await sql.query<{ kind: string }>('SELECT kind FROM accounts WHERE account_id = $1', [
    request.destinationAccountId,
  ]);
  if (!destination) return rejected('UNKNOWN_ACCOUNT');
  if (destination.kind === 'PLAYER_HOLD') return rejected('RESERVED_ACCOUNT');
  if (request.amountMinor > hold.heldMinor) return rejected('EXCEEDS_HOLD');
  const accounts = [playerCashAccountId(hold.playerId), request.destinationAccountId];
  await lockPlayers(sql, accounts);
  const legs = planHoldPost(hold.playerId, hold.heldMinor, request.amountMinor, request.destinationAccountId);
  const next: Hold = {
    ...hold,
    state: 'POSTED',
    heldMinor: 0n,
    postedMinor: request.amountMinor,
    destinationAccountId: request.destinationAccountId,
  };
  const context = { reference: hold.reference, holdId: hold.holdId, reverses: null };
  return post(sql, request, fingerprint, legs, context, next, accounts);
}
